/**
 * What the verify page says of a key ejection's evidence pack, in one sentence a reviewer holds against
 * the ticket, and a note of what the pack itself says it lacks. Its integrity is the signature's check;
 * this only reads the pack. `npm run verify-export` prints the same facts (scripts/verify-export.mjs).
 */
import type { EjectEvidenceBody } from "@/lib/ejects/evidence";
import { utc } from "@/lib/shared/format";

/** The fields the sentence reads. Checked by hand, not with the pack's zod schema: the page loads no zod. */
const READ = [
  "requestId",
  "clientId",
  "wallet.id",
  "request.by",
  "request.ticket",
  "decision.outcome",
  "decision.by",
  "execution.by",
  "sharesFetch.by",
  "sharesFetch.at",
  "audit",
  "missing",
];

const field = (doc: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (v, key) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>)[key] : undefined),
      doc,
    );

export function ejectEvidenceSummary(doc: unknown): { summary: string; note?: string } {
  const absent = READ.find((path) => field(doc, path) === undefined);
  if (absent || !Array.isArray(field(doc, "audit")) || !Array.isArray(field(doc, "missing")))
    return { summary: `its fields are not those of an evidence pack (${absent ?? "audit"}).` };
  const p = doc as EjectEvidenceBody;
  const digests = p.shares?.digests.map((d) => `${d.field} ${d.sha256 ?? "none given"}`).join(", ");
  const summary =
    `request ${p.requestId} of client ${p.clientId}, wallet ${p.wallet.id}${p.wallet.curve ? ` (${p.wallet.curve})` : ""}: ` +
    `asked by ${p.request.by} (ticket ${p.request.ticket}), ${p.decision.outcome} by ${p.decision.by}, ` +
    `window opened by ${p.execution.by}, shares downloaded by ${p.sharesFetch.by} at ${utc(p.sharesFetch.at)}; ` +
    `${p.audit.length} audit records; SHA-256 ${digests ?? "not recorded"}.`;
  return p.missing.length > 0 ? { summary, note: `the pack says it lacks ${p.missing.join("; ")}` } : { summary };
}
