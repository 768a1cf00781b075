/**
 * Whether the production build in `.next` is older than the sources `next build` reads: `npm start`
 * builds again when it is, and so do the benchmarks that serve the build.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** What `next build` reads. */
const SOURCES = [
  "app",
  "components",
  "lib",
  "server",
  "instrumentation.ts",
  "next.config.mjs",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "package.json",
];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (max, name) =>
      name.startsWith(".") || name === "node_modules" ? max : Math.max(max, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/** True when there is no build, or a source changed after it. */
export function buildIsStale(): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}
