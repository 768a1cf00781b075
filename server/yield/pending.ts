import "server-only";
import type { PendingPage, PendingRow } from "@/lib/yield/pending";
import { getEnv } from "@/server/env";
import { isAppError } from "@/server/errors";
import { listTestClients } from "@/server/lab/test-clients";
import { positions } from "./reads";

/** Test clients read at most (the newest), and how many at once. */
const MAX_CLIENTS = 50;
const AT_ONCE = 4;

/**
 * Every pending action of every test client with a wallet, on the networks where each has runs or
 * provider actions (as its positions tab reads them): one balances call per client, a few at once.
 * A client whose positions cannot be read is named with the reason; the others are still listed.
 */
export function readPendingActions(): Promise<PendingPage> {
  const ttl = getEnv().CONSOLE_SHARED_READ_TTL_MS;
  if (latest && (latest.running || Date.now() - latest.at < ttl)) return latest.page;
  const page = readAll();
  const entry = { at: Date.now(), page, running: true };
  latest = entry;
  page.then(
    () => {
      entry.running = false;
      entry.at = Date.now();
    },
    () => {
      if (latest === entry) latest = undefined;
    },
  );
  return page;
}

/**
 * The last read, shared: one read of every test client at a time however many people open the page
 * (each costs up to 50 upstream requests), kept as long as the shared reads are
 * (CONSOLE_SHARED_READ_TTL_MS). A failed read is not kept.
 */
let latest: { at: number; page: Promise<PendingPage>; running: boolean } | undefined;

async function readAll(): Promise<PendingPage> {
  const all = (await listTestClients()).filter((c) => c.hasShares);
  const newest = [...all].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, MAX_CLIENTS);
  const rows: PendingRow[] = [];
  const errors: PendingPage["errors"] = [];
  for (let i = 0; i < newest.length; i += AT_ONCE)
    await Promise.all(
      newest.slice(i, i + AT_ONCE).map(async (client) => {
        try {
          const held = await positions(client.clientId);
          for (const item of held.items)
            for (const b of item.balances)
              for (const p of b.pendingActions)
                rows.push({
                  clientId: client.clientId,
                  isAccountAbstracted: client.isAccountAbstracted,
                  yieldId: item.yieldId,
                  network: b.network,
                  balanceType: b.type,
                  action: p.type,
                  amount: p.amount ?? b.amount,
                  symbol: b.token.symbol,
                  amountUsd: b.amountUsd ?? null,
                  since: b.date ?? null,
                });
        } catch (error) {
          errors.push({
            clientId: client.clientId,
            message: isAppError(error) ? error.userMessage : "Its positions could not be read.",
          });
        }
      }),
    );
  rows.sort((a, b) => a.clientId.localeCompare(b.clientId) || a.yieldId.localeCompare(b.yieldId));
  return {
    rows,
    clients: newest.length,
    errors,
    truncated: all.length > newest.length,
    readAt: new Date().toISOString(),
  };
}
