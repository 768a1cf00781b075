/**
 * What the verify page checks of a signed document and the file it describes, in the browser: the
 * file's size, SHA-256 and row count against the manifest, read as a stream so a file of any size
 * fits (the signature, and whom it is checked against: ./trust.ts).
 * `npm run verify-export` checks the same with Node's own crypto (scripts/verify-export.mjs).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

export interface Check {
  label: string;
  ok: boolean;
  detail: string;
}

export type DocumentKind = "alerts.export" | "audit.export" | "checkpoint" | "case.bundle" | "eject.evidence";

interface ManifestFile {
  name: string;
  bytes: number;
  sha256: string;
}

/** The kind of signed document, from its own fields; undefined for anything else. */
export function documentKind(doc: unknown): DocumentKind | undefined {
  if (typeof doc !== "object" || doc === null) return undefined;
  const d = doc as Record<string, unknown>;
  if (typeof d.format === "string" && d.format.startsWith("custodian-console.audit-checkpoint/")) return "checkpoint";
  if (
    d.kind === "alerts.export" ||
    d.kind === "audit.export" ||
    d.kind === "case.bundle" ||
    d.kind === "eject.evidence"
  )
    return d.kind;
  return undefined;
}

export function manifestFile(doc: unknown): ManifestFile | undefined {
  const file = (doc as { file?: Partial<ManifestFile> } | null)?.file;
  return typeof file?.name === "string" && typeof file.bytes === "number" && typeof file.sha256 === "string"
    ? (file as ManifestFile)
    : undefined;
}

/**
 * A note when the chosen file is not named as the manifest names it: the content decides, but a
 * reviewer who picked the wrong file learns it before reading the digests. In the words, and on the
 * condition, of `npm run verify-export` ("note: the file is named …"; scripts/verify-export.mjs), so
 * the page and the command say the same of the same files (scripts/verify-export.test.ts holds both).
 */
export function fileNameNote(doc: unknown, chosenName: string): string | undefined {
  const named = (doc as { file?: { name?: unknown } } | null)?.file?.name;
  return typeof named === "string" && named !== "" && named !== chosenName
    ? `the file is named ${chosenName}; the manifest names ${named}`
    : undefined;
}

/**
 * Counts the records of a CSV or NDJSON file as it streams past. CSV: record ends are line feeds
 * outside double quotes (RFC 4180 quoting, as the console writes it), less the header; NDJSON: lines.
 */
export class RowCounter {
  private inQuotes = false;
  private lines = 0;
  private sawAny = false;
  private lastByte = -1;

  constructor(private readonly format: "csv" | "ndjson") {}

  push(chunk: Uint8Array) {
    for (const byte of chunk) {
      if (this.format === "csv" && byte === 0x22) this.inQuotes = !this.inQuotes;
      else if (byte === 0x0a && !this.inQuotes) this.lines += 1;
      this.sawAny = true;
      this.lastByte = byte;
    }
  }

  get rows(): number {
    const records = this.lines + (this.sawAny && this.lastByte !== 0x0a ? 1 : 0);
    return this.format === "csv" ? Math.max(0, records - 1) : records;
  }
}

export interface FileLike {
  size: number;
  stream(): ReadableStream<Uint8Array>;
}

/** Size, SHA-256 and rows of the file against the manifest. `onProgress` gets the bytes read so far. */
export async function fileChecks(
  manifest: Record<string, unknown>,
  file: FileLike,
  onProgress?: (bytes: number) => void,
): Promise<Check[]> {
  const described = manifestFile(manifest);
  if (!described) return [{ label: "File", ok: false, detail: "The manifest does not describe a file." }];
  const format = manifest.format === "ndjson" ? "ndjson" : "csv";
  const hash = sha256.create();
  const counter = new RowCounter(format);
  let read = 0;
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hash.update(value);
    counter.push(value);
    read += value.length;
    onProgress?.(read);
  }
  const digest = bytesToHex(hash.digest());
  const rows = typeof manifest.rows === "number" ? manifest.rows : undefined;
  return [
    {
      label: "Size",
      ok: file.size === described.bytes,
      detail:
        file.size === described.bytes
          ? `${described.bytes.toLocaleString("en")} bytes, as the manifest says.`
          : `The file has ${file.size.toLocaleString("en")} bytes; the manifest says ${described.bytes.toLocaleString("en")}.`,
    },
    {
      label: "SHA-256",
      ok: digest === described.sha256,
      detail:
        digest === described.sha256
          ? `${digest}, as the manifest says.`
          : `The file's is ${digest}; the manifest says ${described.sha256}. This is not the exported file, or it was changed.`,
    },
    {
      label: "Rows",
      ok: rows === counter.rows,
      detail:
        rows === counter.rows
          ? `${counter.rows.toLocaleString("en")} ${format === "csv" ? "record" : "line"}${counter.rows === 1 ? "" : "s"}${format === "csv" ? " after the header" : ""}, as the manifest says.`
          : `The file holds ${counter.rows.toLocaleString("en")}; the manifest says ${rows ?? "nothing"}.`,
    },
  ];
}

/**
 * The events an alerts export's file covers, oldest and newest createdAt, in either manifest version: v1
 * named them for the file's order (`firstEventAt` the newest, `lastEventAt` the oldest), v2 for what they
 * hold (`oldestEventAt`, `newestEventAt`). Undefined for another kind of document.
 */
function exportEventRange(doc: unknown): { oldest: string | null; newest: string | null } | undefined {
  const d = doc as Record<string, unknown> | null;
  if (d?.kind !== "alerts.export") return undefined;
  const at = (v: unknown) => (typeof v === "string" ? v : null);
  return d.manifestVersion === 1
    ? { oldest: at(d.lastEventAt), newest: at(d.firstEventAt) }
    : { oldest: at(d.oldestEventAt), newest: at(d.newestEventAt) };
}

/** What an alerts export did with test activity, in words ("included" for v1: it had no switch). */
function exportTestActivity(doc: unknown): string | undefined {
  const d = doc as { kind?: unknown; testActivity?: { mode?: unknown; leftOut?: unknown } } | null;
  if (d?.kind !== "alerts.export") return undefined;
  const mode = d.testActivity?.mode ?? "include";
  const leftOut = typeof d.testActivity?.leftOut === "number" ? d.testActivity.leftOut : 0;
  if (mode === "exclude") return `test activity left out (${leftOut.toLocaleString("en")} events)`;
  if (mode === "only") return `test activity only (${leftOut.toLocaleString("en")} other events left out)`;
  return "test activity included";
}

/** The range's own check: oldest ≤ newest (a v1 manifest's fields are read in their order). */
export function rangeCheck(doc: unknown): Check | undefined {
  const range = exportEventRange(doc);
  if (!range) return undefined;
  if (range.oldest === null || range.newest === null)
    return { label: "Range", ok: range.oldest === range.newest, detail: "No events: the file holds no rows." };
  const ok = Date.parse(range.oldest) <= Date.parse(range.newest);
  return {
    label: "Range",
    ok,
    detail: ok
      ? `Events from ${range.oldest} to ${range.newest}; ${exportTestActivity(doc)}.`
      : `The oldest event (${range.oldest}) is after the newest (${range.newest}).`,
  };
}
