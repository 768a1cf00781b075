/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (each prints its figures), then writes
 * bench/REPORT.md with every figure beside its target and the ratio to it.
 */
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Figure } from "./figure";

const dir = import.meta.dirname;
// BENCH_ONLY=load,faults runs only the benchmarks whose file names start with those words.
const only = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
const sections: string[] = [];
/** Every figure of every benchmark, for the one table the report ends with. */
const summary: string[] = [];
let missed = 0;

for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    title: string;
    run: () => Promise<Figure[]>;
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
    sections.push(`## ${mod.title}\n\n\`bench/${file}\`\n\n**The benchmark failed:** ${reason}\n`);
    summary.push(`| ${mod.title} | **the benchmark failed**: ${reason} | | | **missed** |`);
    continue;
  }
  const rows = figures.map((f) => {
    const { ratio, ok } = judge(f);
    if (!ok) missed++;
    const target = `${f.better === "lower" ? "≤" : "≥"} ${fmt(f.target)} ${f.unit}`;
    const line = `| ${f.name} | ${fmt(f.value)} ${f.unit} | ${target} | ${ratio} | ${ok ? "met" : "**missed**"} |`;
    summary.push(`| ${mod.title} | ${f.name} | ${fmt(f.value)} ${f.unit} | ${target} | ${ok ? "met" : "**missed**"} |`);
    process.stdout.write(
      `  ${f.name}: ${fmt(f.value)} ${f.unit} (target ${target}; ratio ${ratio}) ${ok ? "met" : "MISSED"}\n`,
    );
    return line;
  });
  sections.push(
    `## ${mod.title}\n\n\`bench/${file}\`\n\n| figure | measured | target | ratio to target | |\n|---|---|---|---|---|\n${rows.join("\n")}\n`,
  );
}

const header = `# Benchmark report\n\nWritten by \`npm run bench\` on ${new Date().toISOString()} (Node ${process.version}, ${(await import("node:os")).cpus().length} cores). A ratio ≥ 1 meets the target.\n`;
const table = `## Every figure\n\n| benchmark | figure | measured | target | |\n|---|---|---|---|---|\n${summary.join("\n")}\n`;
// Formatted as `npm run lint` expects, so a fresh report never fails the formatting check.
const prettier = await import("prettier");
const reportPath = path.join(dir, "REPORT.md");
const options = (await prettier.resolveConfig(reportPath)) ?? {};
const report = await prettier.format(`${header}\n${sections.join("\n")}\n${table}`, { ...options, parser: "markdown" });
writeFileSync(reportPath, report);
process.stdout.write(`\nWrote bench/REPORT.md${missed ? ` — ${missed} target(s) missed` : ""}\n`);

/** A figure against its target: the ratio (≥ 1 meets it) or, for a target of zero, whether it is zero. */
function judge(f: Figure): { ratio: string; ok: boolean } {
  if (Number.isNaN(f.value)) return { ratio: "—", ok: false };
  if (f.target === 0) return { ratio: "—", ok: f.better === "lower" ? f.value <= 0 : f.value >= 0 };
  const ratio = f.better === "lower" ? f.target / f.value : f.value / f.target;
  return { ratio: `${ratio.toFixed(2)}×`, ok: ratio >= 1 };
}

function fmt(n: number) {
  if (Number.isNaN(n)) return "not measured";
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}
