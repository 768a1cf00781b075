import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

let version: string | undefined;

/** The console's version, from its package.json (read once), for manifests. */
export function consoleVersion(): string {
  if (version === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version?: unknown };
      version = typeof pkg.version === "string" ? pkg.version : "unknown";
    } catch {
      version = "unknown";
    }
  }
  return version;
}
