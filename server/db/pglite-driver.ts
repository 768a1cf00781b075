import "server-only";
import { types, type PGlite, type Transaction } from "@electric-sql/pglite";

type QueryOptions = NonNullable<Parameters<PGlite["query"]>[2]>;
type Parsers = PGlite["parsers"];

const asText: types.Parser = (value) => value;
const parserOf = (table: Parsers, type: number | string): types.Parser =>
  table[type] ?? (types.parsers[type] as types.Parser | undefined) ?? asText;

/** What drizzle's PGlite session calls on a transaction it opened (savepoints are queries too)... */
interface DrizzleTransaction {
  query: PGlite["query"];
}
/** ...and on its client. */
interface DrizzleClient extends DrizzleTransaction {
  transaction<T>(run: (tx: DrizzleTransaction) => Promise<T>): Promise<T>;
}

/**
 * PGlite as drizzle's client, without a copy of PGlite's parsers on every query. drizzle hands PGlite a
 * few types to keep as text with each query (timestamps, dates, intervals and arrays of them: drizzle
 * converts them itself), and PGlite merges those into a copy of its whole table of parsers (over 300
 * types) for each query: on this machine about half a millisecond and as much garbage, on every query
 * of every request.
 *
 * Here each type drizzle asks for is set on the database once, the first time it is asked for, and
 * drizzle's queries reach PGlite without a table of their own: the same rows, without the copy.
 * `rawOptions()` gives any other caller (pg-boss, which reads timestamps as dates) PGlite's own parsers
 * for those types back with its query, arrays of them included (PGlite's array parsers look their
 * element's parser up in the database's table, so each is rebuilt over the element's own parser).
 */
export async function pgliteForDrizzle(
  client: PGlite,
): Promise<{ driver: PGlite; rawOptions: () => QueryOptions | undefined }> {
  // Each array type's element type, as PGlite reads them to build its own array parsers.
  const { rows } = await client.query<{ array: number; element: number }>(
    "select typarray as array, oid as element from pg_catalog.pg_type where typarray <> 0",
  );
  const elementOf = new Map(rows.map((r) => [r.array, r.element]));
  const own: Parsers = {};
  let raw: QueryOptions | undefined;
  const adopt = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    for (const [type, parser] of Object.entries(options.parsers))
      if (!(type in own)) {
        // As PGlite would have read it: its own parser, else the built-in one, else the text itself.
        own[type] = parserOf(client.parsers, type);
        client.parsers[type] = parser;
        raw = undefined;
      }
    const { parsers: _asked, ...rest } = options;
    return rest;
  };
  // PGlite's own parser of a type: an array of a type drizzle took over is rebuilt over the element's own.
  const ownParser = (type: number): types.Parser => {
    const element = elementOf.get(type);
    if (element === undefined || !(String(element) in own)) return own[type] ?? parserOf(client.parsers, type);
    const parseElement = ownParser(element);
    return (value: string) => types.arrayParser(value, parseElement, type);
  };
  const over = (target: PGlite | Transaction): DrizzleTransaction => ({
    query: (text, params, options) => target.query(text, params, adopt(options)),
  });
  const driver: DrizzleClient = { ...over(client), transaction: (run) => client.transaction((tx) => run(over(tx))) };
  // Every type drizzle took over, and every array of one.
  const taken = () => [
    ...new Set([
      ...Object.keys(own).map(Number),
      ...[...elementOf].filter(([, element]) => String(element) in own).map(([array]) => array),
    ]),
  ];
  return {
    driver: driver as unknown as PGlite,
    rawOptions: () => {
      if (Object.keys(own).length === 0) return undefined;
      raw ??= { parsers: Object.fromEntries(taken().map((type) => [type, ownParser(type)])) };
      return raw;
    },
  };
}
