/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (each prints its figures), then writes
 * bench/REPORT.md with every figure beside its target and the ratio to it.
 */
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Figure } from "./figure";

const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort();
const sections: string[] = [];
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
    continue;
  }
  const rows = figures.map((f) => {
    const ratio = f.better === "lower" ? f.target / f.value : f.value / f.target;
    const ok = ratio >= 1;
    if (!ok) missed++;
    const line = `| ${f.name} | ${fmt(f.value)} ${f.unit} | ${f.better === "lower" ? "≤" : "≥"} ${fmt(f.target)} ${f.unit} | ${ratio.toFixed(2)}× | ${ok ? "met" : "**missed**"} |`;
    process.stdout.write(
      `  ${f.name}: ${fmt(f.value)} ${f.unit} (target ${f.better === "lower" ? "≤" : "≥"} ${fmt(f.target)}; ratio ${ratio.toFixed(2)}×) ${ok ? "met" : "MISSED"}\n`,
    );
    return line;
  });
  sections.push(
    `## ${mod.title}\n\n\`bench/${file}\`\n\n| figure | measured | target | ratio to target | |\n|---|---|---|---|---|\n${rows.join("\n")}\n`,
  );
}

const header = `# Benchmark report\n\nWritten by \`npm run bench\` on ${new Date().toISOString()} (Node ${process.version}, ${(await import("node:os")).cpus().length} cores). A ratio ≥ 1 meets the target.\n`;
writeFileSync(path.join(dir, "REPORT.md"), `${header}\n${sections.join("\n")}`);
process.stdout.write(`\nWrote bench/REPORT.md${missed ? ` — ${missed} target(s) missed` : ""}\n`);

function fmt(n: number) {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}
