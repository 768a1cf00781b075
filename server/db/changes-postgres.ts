import "server-only";
import type { Client, Pool, PoolClient } from "pg";
import { CHANNEL, tableOf, WATCHED_TABLES, type TableVersions, type WatchedTable } from "./changes";

/**
 * A kept value on PostgreSQL is read again after this long whatever was heard: the bound on what a write
 * this process did not hear can hide (a listening connection stalled without failing, which TCP keepalive
 * ends). A write that is heard ends a kept value at once, usually within a millisecond of its commit.
 */
export const POSTGRES_KEEP_MS = 5_000;
/** Between attempts to listen again after the listening connection failed. */
const RELISTEN_MS = [250, 1_000, 5_000] as const;

/** Plain reads and transaction control: statements that write none of the watched tables. */
const READ = /^\s*(select|show|begin|start|set|savepoint|release|listen|unlisten|values|explain)\b/i;
const END = /^\s*(commit|end|rollback|abort)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
const MENTION = new RegExp(`\\b(${WATCHED_TABLES.join("|")})\\b`, "gi");

export interface HeardTables extends TableVersions {
  /** Starts listening (after the migrations made the triggers); until then nothing is kept. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How the console hears writes on PostgreSQL, where other instances (and anyone with a connection) write
 * too. Three things end a kept value (server/db/kept-reads.ts):
 * - a write by any connection: the tables' statement triggers notify on commit (migration 0018), heard on a
 *   connection of this process's own that does nothing but listen;
 * - a write by this process, counted as its statement returns (or, in a transaction, as its commit
 *   returns), so whoever wrote reads what they wrote on their next request without waiting for the notice;
 * - its age (POSTGRES_KEEP_MS).
 * While the listening connection is down nothing is kept (`hearing` false) and, once it listens again,
 * everything kept before is dropped: a write made meanwhile was not heard.
 */
export function hearPostgres(pool: Pool, connect: () => Client): HeardTables {
  const counts = new Map<string, number>();
  let epoch = 0;
  let hearing = false;
  let closed = false;
  let listener: Client | undefined;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  const bump = (table: string) => counts.set(table, (counts.get(table) ?? 0) + 1);

  pool.on("connect", (client) => countOwnWrites(client, bump));

  const lost = () => {
    hearing = false;
    listener?.removeAllListeners();
    listener?.end().catch(() => undefined);
    listener = undefined;
    if (closed || retry) return;
    const wait = RELISTEN_MS[Math.min(attempt++, RELISTEN_MS.length - 1)];
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, wait);
    retry.unref();
  };

  const listen = async () => {
    if (closed) return;
    const client = connect();
    listener = client;
    client.on("error", lost);
    client.on("end", lost);
    let schema: string | undefined;
    client.on("notification", (message) => {
      const table = schema && message.channel === CHANNEL && message.payload && tableOf(message.payload, schema);
      if (table) bump(table);
    });
    try {
      await client.connect();
      // The listening connection has the pool's settings, so its current schema is where this console writes.
      const { rows } = await client.query<{ schema: string }>("select current_schema() as schema");
      schema = rows[0]?.schema;
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      if (listener === client) lost();
      return;
    }
    if (listener !== client) return;
    // Whatever was kept before was kept while nothing was heard.
    epoch++;
    attempt = 0;
    hearing = true;
  };

  return {
    of: (table) => epoch + (counts.get(table) ?? 0),
    get hearing() {
      return hearing && !closed;
    },
    keepMs: POSTGRES_KEEP_MS,
    listen,
    close: async () => {
      closed = true;
      hearing = false;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      client?.removeAllListeners();
      await client?.end().catch(() => undefined);
    },
  };
}

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * Counts this process's writes to the watched tables on one pooled connection: a statement that is not a
 * plain read and names a watched table counts as its table's write when it returns; inside a transaction,
 * when the commit returns. Naming a table without writing it counts too, which only costs a read. A
 * script of several statements (pg-boss sends `BEGIN; …; COMMIT;` as one) is taken statement by
 * statement, so a transaction it opens and ends in one go leaves the connection out of any transaction.
 */
function countOwnWrites(client: PoolClient, bump: (table: WatchedTable) => void) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let inTransaction = false;
  let pending = new Set<WatchedTable>();
  const settleOne = (text: string) => {
    if (/^\s*(begin|start)\b/i.test(text)) {
      inTransaction = true;
      pending = new Set();
      return;
    }
    if (END.test(text)) {
      if (COMMIT.test(text)) for (const table of pending) bump(table);
      inTransaction = false;
      pending = new Set();
      return;
    }
    if (READ.test(text)) return;
    const named = new Set([...text.matchAll(MENTION)].map((m) => (m[1] as string).toLowerCase() as WatchedTable));
    if (inTransaction) for (const table of named) pending.add(table);
    else for (const table of named) bump(table);
  };
  // Split on every semicolon: the console passes values as parameters, and pg-boss's scripts hold no literal
  // with one in it (one that did would at worst be counted as a write, or end a transaction's count early).
  const settle = (text: string) => {
    for (const statement of text.split(";")) if (statement.trim()) settleOne(statement);
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "");
    const at = args.findIndex((a) => typeof a === "function");
    if (at >= 0) {
      const callback = args[at] as Callback;
      args[at] = (error: Error | null, result?: unknown) => {
        settle(text);
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === "function")
      (result as Promise<unknown>).then(
        () => settle(text),
        () => settle(text),
      );
    return result;
  };
}
