import { afterAll } from "vitest";

/**
 * Every test file's last hook: a promise that rejected with nobody listening while the file ran (its
 * own teardown included) fails this file, by name, with the rejection's message. Without it vitest
 * reports the rejection after the run and fails the run as a whole, naming no test. Registered first
 * (vitest.config.ts setupFiles), so with vitest's stacked hooks it runs after the file's own afterAll.
 */
const rejections: unknown[] = [];
process.on("unhandledRejection", (reason) => {
  rejections.push(reason);
});

afterAll(async () => {
  // Continuations of the file's last awaits (a completion sent without awaiting it) run first.
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  if (rejections.length === 0) return;
  const first = rejections[0];
  const message = first instanceof Error ? `${first.name}: ${first.message}` : String(first);
  throw new Error(`${rejections.length} unhandled rejection(s) in this test file; the first: ${message}`, {
    cause: first,
  });
});
