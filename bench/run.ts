/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (each prints its figures), then writes
 * bench/REPORT.md with every figure beside its target and the ratio to it, each benchmark in its own
 * section, and at the end one table of every figure of every section.
 *
 * `npm run bench -- load audit-chain` runs only the named benchmarks (bench/<name>.bench.ts) and
 * replaces only their sections of bench/REPORT.md, keeping the others' last figures. The section
 * "Kept by hand" (bench/kept-by-hand.ts) is always kept as it is.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Figure } from "./figure";
import { KEPT_HEADING, keptByHand } from "./kept-by-hand";

const dir = import.meta.dirname;
const only = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts") && (only.length === 0 || only.includes(f.slice(0, -".bench.ts".length))))
  .sort();
if (files.length === 0) throw new Error(`no benchmark bench/<name>.bench.ts for ${only.join(", ")}`);
/** Each benchmark's section of the report, by file. */
const sections = new Map<string, string>();
let missed = 0;

for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    title: string;
    run: () => Promise<Figure[]>;
    /** Lines a benchmark wants under its figures (what it saw, why a target was missed). */
    notes?: readonly string[];
  };
  process.stdout.write(`\n▶ ${mod.title} (${file})\n`);
  let figures: Figure[];
  try {
    figures = await mod.run();
  } catch (error) {
    // One broken benchmark is reported as such; the others still run and the report is still written.
    missed++;
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    process.stdout.write(`  FAILED: ${reason}\n`);
    sections.set(file, `## ${mod.title}\n\n\`bench/${file}\`\n\n**The benchmark failed:** ${reason}\n`);
    continue;
  }
  const rows = figures.map((f) => {
    const ratio = f.better === "lower" ? f.target / f.value : f.value / f.target;
    // Compared directly, so a target of 0 met by 0 is met (its ratio, 0/0, is not a number); a figure
    // the benchmark could not measure (NaN) is a miss.
    const ok = f.better === "lower" ? f.value <= f.target : f.value >= f.target;
    if (!ok) missed++;
    const shown = Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : "—";
    const line = `| ${f.name} | ${fmt(f.value)} ${f.unit} | ${f.better === "lower" ? "≤" : "≥"} ${fmt(f.target)} ${f.unit} | ${shown} | ${ok ? "met" : "**missed**"} |`;
    process.stdout.write(
      `  ${f.name}: ${fmt(f.value)} ${f.unit} (target ${f.better === "lower" ? "≤" : "≥"} ${fmt(f.target)}; ratio ${shown}) ${ok ? "met" : "MISSED"}\n`,
    );
    return line;
  });
  sections.set(
    file,
    `## ${mod.title}\n\n\`bench/${file}\`\n\n| figure | measured | target | ratio to target | |\n|---|---|---|---|---|\n${rows.join("\n")}\n${mod.notes?.length ? `\n${mod.notes.map((n) => `- ${n}`).join("\n")}\n` : ""}`,
  );
}

const reportPath = path.join(dir, "REPORT.md");
const cores = (await import("node:os")).cpus().length;
const when = `${new Date().toISOString()} (Node ${process.version}, ${cores} cores)`;
const previous = existsSync(reportPath) ? readFileSync(reportPath, "utf8") : "";
let body: string;
if (only.length > 0 && previous) {
  // Keep the sections of the benchmarks that did not run, in file order, with the new ones in place.
  const kept = new Map<string, string>();
  for (const part of previous.split(/\n(?=## )/).slice(1)) {
    if (part.startsWith(KEPT_HEADING)) continue;
    const file = /`bench\/([^`]+\.bench\.ts)`/.exec(part)?.[1];
    if (file) kept.set(file, `${part.trimEnd()}\n`);
  }
  for (const [file, section] of sections) kept.set(file, `${section.trimEnd()}\n\n_Run on ${when}._\n`);
  body = [...kept.keys()]
    .sort()
    .map((file) => kept.get(file))
    .join("\n");
} else body = [...sections.values()].join("\n");
const header = `# Benchmark report\n\nWritten by \`npm run bench\` on ${when}${only.length ? `; this time only ${[...sections.keys()].join(", ")}, the other sections are from earlier runs` : ""}. A ratio ≥ 1 meets the target.\n`;
// Formatted as `npm run lint` expects, so a fresh report never fails the formatting check.
const prettier = await import("prettier");
const options = (await prettier.resolveConfig(reportPath)) ?? {};
const hand = keptByHand(previous);
const report = `${header}\n${body}\n${hand ? `${hand}\n` : ""}${everyFigure(body)}`;
writeFileSync(reportPath, await prettier.format(report, { ...options, parser: "markdown" }));
process.stdout.write(`\nWrote bench/REPORT.md${missed ? ` — ${missed} target(s) missed` : ""}\n`);

/** The report's last section: every figure row of every benchmark's section, in one table. */
function everyFigure(sectionsText: string): string {
  const rows: string[] = [];
  for (const part of sectionsText.split(/\n(?=## )/)) {
    const title = /^## (.+)$/m.exec(part)?.[1];
    if (!title) continue;
    if (part.includes("**The benchmark failed:**"))
      rows.push(`| ${title} | **the benchmark failed** | | | **missed** |`);
    for (const line of part.split("\n")) {
      const cells = line.split("|").map((c) => c.trim());
      // | figure | measured | target | ratio | status |, not the header nor the rule under it.
      if (cells.length !== 7 || cells[1] === "figure" || /^-+$/.test(cells[1] ?? "")) continue;
      rows.push(`| ${title} | ${cells[1]} | ${cells[2]} | ${cells[3]} | ${cells[5]} |`);
    }
  }
  return `## Every figure\n\n| benchmark | figure | measured | target | |\n|---|---|---|---|---|\n${rows.join("\n")}\n`;
}

function fmt(n: number) {
  if (Number.isNaN(n)) return "not measured";
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}
