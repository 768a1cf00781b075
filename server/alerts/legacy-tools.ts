import "server-only";
import type { z } from "zod";
import type { formatToolSchema, retryBlockToolSchema } from "@/lib/alerts/legacy";
import { getAdminClient } from "@/server/upstream";

export async function formatRawAlert(input: z.infer<typeof formatToolSchema>) {
  const admin = getAdminClient();
  const body = { chain: input.chain, rawAlert: input.rawAlert };
  // /alerts/format answers an array; /alerts/wallets/format one transfer: the page shows a list either way.
  const result = input.many ? await admin.alerts.formatMany(body) : [await admin.alerts.format(body)];
  return { events: result as unknown[] };
}

export async function retryBlock(input: z.infer<typeof retryBlockToolSchema>) {
  await getAdminClient().alerts.retryByBlockNumber(input);
  return { queued: true as const, ...input };
}
