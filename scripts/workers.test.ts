import { describe, expect, it } from "vitest";
import { perProcessLimit } from "@/server/upstream/shared-budget";
import { workerCount } from "./workers.mjs";

describe("one console process per core", () => {
  const postgres = { DATABASE_URL: "postgres://db/console" };

  it("runs as many processes as asked on PostgreSQL, and one per core by default", async () => {
    const { availableParallelism } = await import("node:os");
    expect(workerCount({ ...postgres, CONSOLE_WORKERS: "3" })).toBe(3);
    expect(workerCount(postgres)).toBe(availableParallelism());
  });

  it("runs one process on PGlite, whose files one process opens", () => {
    expect(workerCount({})).toBe(1);
    expect(workerCount({ CONSOLE_WORKERS: "4" })).toBe(1);
  });

  it("refuses a count that is not a whole number from 1 to 64, saying what it expected", () => {
    for (const bad of ["0", "65", "two", "1.5", "-1"])
      expect(() => workerCount({ ...postgres, CONSOLE_WORKERS: bad })).toThrow(
        /^CONSOLE_WORKERS: expected a whole number from 1 to 64/,
      );
  });

  it("divides the upstream rate limit among the processes, so together they stay within it", () => {
    expect(perProcessLimit(200, 1)).toBe(200);
    expect(perProcessLimit(200, 2)).toBe(100);
    expect(perProcessLimit(200, 3)).toBe(66);
    expect(3 * perProcessLimit(200, 3)).toBeLessThanOrEqual(200);
    expect(perProcessLimit(1, 4)).toBe(1);
  });
});
