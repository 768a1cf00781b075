/**
 * bench/REPORT.md's "Kept by hand" section: figures measured by hand or by runs that wrote no section of
 * their own (profiles, side-by-side builds, the test suite's durations), each dated. `npm run bench`
 * writes every other section afresh and keeps this one as it is.
 */
export const KEPT_HEADING = "## Kept by hand";

/** The section as the previous report has it (up to the next `## ` heading), or "" when there is none. */
export function keptByHand(previousReport: string): string {
  const start = previousReport.indexOf(`\n${KEPT_HEADING}\n`);
  if (start < 0) return "";
  const rest = previousReport.slice(start + 1);
  const next = rest.indexOf("\n## ", KEPT_HEADING.length);
  return `${(next < 0 ? rest : rest.slice(0, next)).trimEnd()}\n`;
}
