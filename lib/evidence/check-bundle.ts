/**
 * What the verify page checks inside a case bundle (server/cases/bundle.ts) beyond its own signature:
 * that it holds what it says (its count, its case on every record, records in chain order), that
 * records next to each other in the chain are linked (the later one's prevHash is the earlier one's
 * hash), that the head it names is not before its last record, and that every export manifest and
 * key ejection's evidence pack in it is signed by a key the check trusts. `npm run verify-export` checks the same with Node's own crypto.
 */
import type { Check } from "./check-export";
import { signatureAgainst, type Against } from "./trust";

interface BundleRecord {
  seq?: unknown;
  hash?: unknown;
  prevHash?: unknown;
  input?: { case?: unknown } | null;
}

export function bundleChecks(doc: Record<string, unknown>, against: Against): Check[] {
  const records = Array.isArray(doc.records) ? (doc.records as BundleRecord[]) : [];
  const checks: Check[] = [];
  const seqs = records.map((r) => (typeof r.seq === "number" ? r.seq : Number.NaN));
  checks.push({
    label: "Records",
    ok: records.length > 0 && doc.recordCount === records.length,
    detail:
      doc.recordCount === records.length
        ? `${records.length.toLocaleString("en")} records, as the bundle says.`
        : `The bundle holds ${records.length} records; it says ${String(doc.recordCount)}.`,
  });
  const strangers = records.filter((r) => r.input?.case !== doc.case).length;
  checks.push({
    label: "Case",
    ok: strangers === 0,
    detail:
      strangers === 0
        ? `Every record was made under case ${String(doc.case)}.`
        : `${strangers} record${strangers === 1 ? " was" : "s were"} not made under case ${String(doc.case)}.`,
  });
  const ordered = seqs.every((s, i) => Number.isInteger(s) && (i === 0 || s > (seqs[i - 1] ?? Infinity)));
  let links = 0;
  let broken = 0;
  records.forEach((record, i) => {
    const before = records[i - 1];
    if (!before || seqs[i] !== (seqs[i - 1] ?? Number.NaN) + 1) return;
    links += 1;
    if (record.prevHash !== before.hash) broken += 1;
  });
  checks.push({
    label: "Chain order",
    ok: ordered && broken === 0,
    detail: !ordered
      ? "The records are not in chain order."
      : broken > 0
        ? `${broken} of ${links} neighbouring records do not link (a record's prevHash is not the hash before it).`
        : `In chain order, #${seqs[0]} to #${seqs.at(-1)}; ${links} neighbouring record${links === 1 ? "" : "s"} link by hash.`,
  });
  const head = (doc.chain as { headSeq?: unknown } | undefined)?.headSeq;
  checks.push({
    label: "Head",
    ok: typeof head === "number" && head >= (seqs.at(-1) ?? 0),
    detail:
      typeof head === "number"
        ? `The chain stood at #${head} when the bundle was made.`
        : "The bundle does not say where the chain stood.",
  });
  const manifests = Array.isArray(doc.exports) ? doc.exports : [];
  manifests.forEach((manifest, i) => {
    const { check } = signatureAgainst(manifest, against);
    checks.push({ ...check, label: `Export ${i + 1} of ${manifests.length}` });
  });
  const packs = Array.isArray(doc.ejectPacks) ? doc.ejectPacks : [];
  packs.forEach((pack, i) => {
    const { check } = signatureAgainst(pack, against);
    checks.push({ ...check, label: `Evidence pack ${i + 1} of ${packs.length}` });
  });
  return checks;
}
