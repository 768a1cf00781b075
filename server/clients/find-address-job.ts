import "server-only";
import { z } from "zod";
import { defineJob } from "@/server/jobs";
import { getAdminClient } from "@/server/upstream";
import { clientHasAddress } from "@/lib/client-search";

export interface FindAddressResult {
  matches: string[];
  scanned: number;
}

/**
 * The API has no search, so finding the client that owns an address reads every page of clients
 * (100 at a time). It runs on the server as a job, not in a browser tab: progress and cancel are
 * the job's, and a second search for the same address joins the first.
 */
export const findAddressJob = defineJob({
  kind: "clients.find-address",
  params: z.object({ address: z.string().min(8).max(120) }),
  checkpoint: z.object({ cursor: z.string().nullable(), scanned: z.number(), matches: z.array(z.string()) }),
  async run(ctx): Promise<FindAddressResult> {
    let { cursor, scanned, matches } = ctx.checkpoint ?? { cursor: null, scanned: 0, matches: [] };
    for (;;) {
      ctx.signal.throwIfAborted();
      const page = await getAdminClient().clients.list(
        { take: 100, ...(cursor ? { cursor } : {}) },
        { signal: ctx.signal },
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
