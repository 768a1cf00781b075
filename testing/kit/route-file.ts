import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The route handler a console URL reaches, found as Next finds it: under app/, a folder of the
 * segment's own name first, then a dynamic `[name]` folder, then a catch-all `[...name]` (which takes
 * the rest). The file's path from the root, or null when no app/**∕route.ts answers that URL.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function routeFileOf(url: string): string | null {
  const { pathname } = new URL(url, "http://console.test");
  let dir = path.join(ROOT, "app");
  for (const segment of pathname.split("/").filter(Boolean)) {
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const name = decodeURIComponent(segment);
    const next =
      folders.find((f) => f === name) ??
      folders.find((f) => /^\[[^.\]]+\]$/.test(f)) ??
      folders.find((f) => /^\[\.\.\.[^\]]+\]$/.test(f));
    if (!next) return null;
    dir = path.join(dir, next);
    if (next.startsWith("[...")) break;
  }
  const file = path.join(dir, "route.ts");
  return existsSync(file) && /\bGET\b/.test(readFileSync(file, "utf8")) ? path.relative(ROOT, file) : null;
}

/**
 * The tests of one area's routes file (lib/<area>/routes.ts): each builder, called as a view calls it,
 * gives exactly the URL expected (byte for byte: the browser's cache, the prefetch and the tests agree),
 * that URL reaches the GET handler named, and every builder the file exports is checked here.
 */
export function describeRoutes(
  file: string,
  routes: Record<string, unknown>,
  cases: Record<string, [url: () => string, expected: string, handler: string]>,
) {
  describe(`the routes of ${file}`, () => {
    it.each(Object.entries(cases))("%s builds the URL of an existing route", (_name, [url, expected, handler]) => {
      expect(url()).toBe(expected);
      expect(routeFileOf(expected)).toBe(handler);
    });

    it("checks every builder the file exports", () => {
      expect(Object.keys(cases).sort()).toEqual(Object.keys(routes).sort());
    });
  });
}
