import "server-only";
import { createHash } from "node:crypto";
import type { GasUsageResponse } from "@/lib/contracts/gas";
import type { GasRange } from "@/lib/gas/range";
import { USAGE_CSV_HEADER, usageCsvCells, usageRows } from "@/lib/gas/rows";
import { buildGasView } from "@/lib/gas/view";
import { csvDocument } from "@/server/exports/csv";

/**
 * The CSV of what the gas page shows for these answers: the table's rows (one per month and chain
 * with sponsored gas in the range, newest first), built by the same functions the page uses.
 */
export function gasUsageCsv(
  answers: { chainId: string; data: GasUsageResponse }[],
  range: GasRange,
  nowMs: number,
): { csv: string; rows: number; sha256: string } {
  const view = buildGasView(answers, range, nowMs);
  const rows = usageRows(
    view.shown.map((c) => c.history),
    view.axis,
  );
  const csv = csvDocument(USAGE_CSV_HEADER, rows.map(usageCsvCells));
  return { csv, rows: rows.length, sha256: createHash("sha256").update(csv).digest("hex") };
}
