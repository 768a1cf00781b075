import "server-only";
import { chainLabel, type Caip2Id } from "@/lib/chains";
import {
  BALANCE_READ_CONCURRENCY,
  balanceChainsOf,
  type AllBalances,
  type ChainBalances,
} from "@/lib/clients/balances";
import type { Client } from "@/lib/contracts";
import { toAppError } from "@/server/kit/to-app-error";
import { logger } from "@/server/log";
import { PERSON_MAX_WAIT_MS } from "@/server/request-timing";
import { getAdminClient } from "@/server/upstream";

/**
 * Runs `work` over `items`, at most `limit` at once, keeping the items' order in the answer. Each
 * upstream call also waits its turn in the shared rate limiter (server/upstream/rate-limit.ts), so
 * the cap keeps one view from taking a burst of the budget that other staff share.
 */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What a failed chain's row says: a rate-limit wait is worth telling; anything else is logged, not shown raw. */
function chainFailure(chainId: Caip2Id, error: unknown): string {
  const appError = toAppError(error);
  if (appError.code === "RATE_LIMITED") return `could not be read now: ${appError.userMessage}`;
  logger.warn({ err: error, chainId }, "a chain's balances could not be read");
  return `could not be read: the upstream did not answer for ${chainLabel(chainId)}. Try again.`;
}

/**
 * One view reads up to 26 chains: as background work in the shared rate budget, so it takes at most
 * the background share of a window and a person's own single calls (a transfer, a credential) are
 * always served first; and a chain that would wait longer than a person is kept waiting is told as
 * its own row ("try again in N s") instead of holding the whole view.
 */
const FAN_OUT = { priority: "background", maxWaitMs: PERSON_MAX_WAIT_MS } as const;

/** The client's balances on every chain it has a wallet on; a chain that fails is its own entry, never the whole answer. */
export async function getAllBalances(client: Pick<Client, "id" | "metadata">): Promise<AllBalances> {
  const chains = await mapLimited(
    balanceChainsOf(client),
    BALANCE_READ_CONCURRENCY,
    async (chainId): Promise<ChainBalances> => {
      try {
        const assets = await getAdminClient().clients.assets(client.id, chainId as never, FAN_OUT);
        return { chainId, ok: true, assets };
      } catch (error) {
        return { chainId, ok: false, message: chainFailure(chainId, error) };
      }
    },
  );
  return { chains };
}
