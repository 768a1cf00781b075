/**
 * What the verify page says of a key ejection's evidence pack, in one sentence a reviewer holds against
 * the ticket, and a note of what the pack itself says it lacks. Its integrity is the signature's check;
 * this only reads the pack. `npm run verify-export` prints the same facts (scripts/verify-export.mjs).
 */
import { ejectEvidenceBodySchema } from "@/lib/ejects/evidence";
import { utc } from "@/lib/shared/format";

export function ejectEvidenceSummary(doc: unknown): { summary: string; note?: string } {
  const parsed = ejectEvidenceBodySchema.safeParse(doc);
  if (!parsed.success)
    return { summary: `its fields are not those of an evidence pack (${parsed.error.issues[0]?.path.join(".")}).` };
  const p = parsed.data;
  const digests = p.shares?.digests.map((d) => `${d.field} ${d.sha256 ?? "none given"}`).join(", ");
  const summary =
    `request ${p.requestId} of client ${p.clientId}, wallet ${p.wallet.id}${p.wallet.curve ? ` (${p.wallet.curve})` : ""}: ` +
    `asked by ${p.request.by} (ticket ${p.request.ticket}), ${p.decision.outcome} by ${p.decision.by}, ` +
    `window opened by ${p.execution.by}, shares downloaded by ${p.sharesFetch.by} at ${utc(p.sharesFetch.at)}; ` +
    `${p.audit.length} audit records; SHA-256 ${digests ?? "not recorded"}.`;
  return p.missing.length > 0 ? { summary, note: `the pack says it lacks ${p.missing.join("; ")}` } : { summary };
}
