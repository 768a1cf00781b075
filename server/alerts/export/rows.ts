import "server-only";
import { EXPORT_CSV_COLUMNS, type ExportFormat } from "@/lib/alerts/export";
import type { AlertEvent } from "@/lib/contracts/alerts";
import { csvDocument, type CsvCell } from "@/server/exports/csv";
import { leanCsvRows } from "@/server/exports/csv-lean";
import { ZoneTimeFormatter } from "./zone-time";

/**
 * Events as lines of the export file. CSV goes through the console's one CSV configuration
 * (server/exports/csv.ts: quoting and formula escaping); each page is stringified on its own, with
 * no header, so part files can be concatenated under one header. NDJSON keeps each upstream record
 * as it came (unknown fields included), one per line.
 */
export interface RowFormatter {
  /** The first line(s) of the final file: the CSV header, nothing for NDJSON. */
  readonly header: string;
  format(events: readonly AlertEvent[]): string;
}

/**
 * Rows per formatted chunk. A page of 1000 rows as one string (~250 KB) would land in V8's
 * large-object space, which only a full collection frees; at tens of pages a second that grows the
 * process by a hundred MB between collections. Chunks of this size stay young and die young.
 */
const CHUNK_ROWS = 200;

/** The events' lines as a few Buffers, ready to write. */
export function formatChunks(formatter: RowFormatter, events: readonly AlertEvent[]): Buffer[] {
  const chunks: Buffer[] = [];
  for (let i = 0; i < events.length; i += CHUNK_ROWS)
    chunks.push(Buffer.from(formatter.format(events.slice(i, i + CHUNK_ROWS)), "utf8"));
  return chunks;
}

export function rowFormatter(format: ExportFormat, zone: string): RowFormatter {
  return format === "csv" ? new CsvRows(zone) : ndjsonRows;
}

class CsvRows implements RowFormatter {
  readonly header = csvDocument(EXPORT_CSV_COLUMNS, []);
  readonly #time: ZoneTimeFormatter;

  constructor(zone: string) {
    this.#time = new ZoneTimeFormatter(zone);
  }

  format(events: readonly AlertEvent[]): string {
    if (events.length === 0) return "";
    const rows: CsvCell[][] = events.map((e) => [
      e.id,
      this.#time.format(Date.parse(e.createdAt)),
      this.#time.format(Date.parse(e.updatedAt)),
      e.type,
      e.chainId,
      e.blockNumber,
      e.transactionHashes.join(" "),
      e.deliveryStatus,
      e.retries,
      e.errorMessage,
      e.confirmed,
    ]);
    return leanCsvRows(rows);
  }
}

const ndjsonRows: RowFormatter = {
  header: "",
  format: (events) => events.map((e) => `${JSON.stringify(e)}\n`).join(""),
};
