import "server-only";
import { z } from "zod";
import { clientHasAddress } from "@/lib/clients/owns-address";
import { shortAddress } from "@/lib/shared/format";
import { defineJob } from "@/server/jobs";
import { getAdminClient } from "@/server/upstream";

export interface FindAddressResult {
  matches: string[];
  scanned: number;
}

/**
 * The API has no search, so finding the client that owns an address reads every page of clients
 * (100 at a time). It runs on the server as a job, not in a browser tab: progress and cancel are
 * the job's, and a second search for the same address joins the first.
 *
 * Its pages go at background priority: a scan reads the whole client list (a thousand requests for
 * 100,000 clients), so it takes what the people clicking through pages leave, within the background
 * share of the shared rate limit, like exports.
 */
export const findAddressJob = defineJob({
  kind: "clients.find-address",
  params: z.object({ address: z.string().min(8).max(120) }),
  // Three: a person looks up an address or two at a time, and may start one more after a typo
  // without waiting. Each running scan pulls the whole client list through the shared background
  // budget, so more than that from one person only slows everyone else's scans and exports.
  perPersonLimit: {
    max: 3,
    noun: ["address search", "address searches"],
    describe: ({ address }) => ({ text: shortAddress(address) }),
  },
  checkpoint: z.object({ cursor: z.string().nullable(), scanned: z.number(), matches: z.array(z.string()) }),
  async run(ctx): Promise<FindAddressResult> {
    let { cursor, scanned, matches } = ctx.checkpoint ?? { cursor: null, scanned: 0, matches: [] };
    for (;;) {
      ctx.signal.throwIfAborted();
      const page = await getAdminClient().clients.list(
        { take: 100, ...(cursor ? { cursor } : {}) },
        { signal: ctx.signal, priority: "background" },
      );
      scanned += page.results.length;
      matches = [...matches, ...page.results.filter((c) => clientHasAddress(c, ctx.params.address)).map((c) => c.id)];
      cursor = page.metadata.cursor ?? null;
      const report = { done: scanned, total: page.metadata.total, message: `Scanned ${scanned} clients` };
      await ctx.saveCheckpoint({ cursor, scanned, matches }, report);
      // An address belongs to one client: stop at the first page that has it.
      if (matches.length > 0 || !cursor || page.results.length === 0 || scanned >= page.metadata.total)
        return { matches, scanned };
    }
  },
});
