import { bundleChecks } from "@/lib/evidence/check-bundle";
import {
  documentKind,
  fileChecks,
  rangeCheck,
  fileNameNote,
  manifestFile,
  type Check,
  type DocumentKind,
} from "@/lib/evidence/check-export";
import { ejectEvidenceSummary } from "@/lib/evidence/eject-summary";
import { signatureAgainst, verdictOf, type Against, type Verdict } from "@/lib/evidence/trust";
import { utc } from "@/lib/shared/format";

const KIND_NAMES: Record<DocumentKind, string> = {
  "alerts.export": "an export of alert events",
  "audit.export": "an export of the audit log",
  checkpoint: "an audit checkpoint",
  "case.bundle": "a case bundle",
  "eject.evidence": "the evidence pack of a key ejection",
};

export interface Outcome {
  summary: string;
  checks: Check[];
  verdict: Verdict;
  /** Said beside the checks, not one of them: the file's name does not decide anything. */
  note?: string;
}

/** Reads the picked files and runs every check in the browser; nothing leaves it. */
export async function runChecks(
  documentFile: File,
  dataFile: File | undefined,
  against: Against,
  onProgress: (bytes: number) => void,
): Promise<Outcome> {
  const refused = (summary: string): Outcome => ({
    summary,
    checks: [],
    verdict: verdictOf([], against.by, undefined),
  });
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(await documentFile.text()) as Record<string, unknown>;
  } catch {
    return refused(`${documentFile.name} is not JSON.`);
  }
  const kind = documentKind(doc);
  if (!kind) return refused(`${documentFile.name} is not a signed document of this console.`);
  const signature = signatureAgainst(doc, against);
  const checks = [signature.check];
  const done = (summary: string, note?: string): Outcome => ({
    summary,
    checks,
    verdict: verdictOf(checks, against.by, signature.signer),
    note,
  });
  if (kind === "checkpoint")
    return done(
      `${documentFile.name} is ${KIND_NAMES[kind]}: ${String(doc.count)} records up to #${String(doc.lastSeq)}, made ${utc(String(doc.at))}.`,
    );
  if (kind === "case.bundle") {
    checks.push(...bundleChecks(doc, against));
    const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
    const exports = count(doc.exports);
    const packs = count(doc.ejectPacks);
    return done(
      `${documentFile.name} is ${KIND_NAMES[kind]} of case ${String(doc.case)}: ${String(doc.recordCount)} records, ${exports} export manifest${exports === 1 ? "" : "s"} and ${packs} eject evidence pack${packs === 1 ? "" : "s"}, made ${utc(String(doc.createdAt))}.`,
    );
  }
  if (kind === "eject.evidence") {
    const facts = ejectEvidenceSummary(doc);
    return done(`${documentFile.name} is ${KIND_NAMES[kind]}: ${facts.summary}`, facts.note);
  }
  const described = manifestFile(doc);
  if (!dataFile)
    checks.push({
      label: "File",
      ok: false,
      detail: `Pick the exported file too (${described?.name ?? "named in the manifest"}) to check it against the manifest.`,
    });
  else checks.push(...(await fileChecks(doc, dataFile, onProgress)));
  const range = rangeCheck(doc);
  if (range) checks.push(range);
  return done(
    `${documentFile.name} is ${KIND_NAMES[kind]} of ${String(doc.rows)} row${doc.rows === 1 ? "" : "s"}${described ? ` (${described.name})` : ""}, made ${utc(String(doc.generatedAt))}.`,
    dataFile ? fileNameNote(doc, dataFile.name) : undefined,
  );
}
