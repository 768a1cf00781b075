import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/server/db/client";
import { openTestDb } from "@/testing/db";
import { firstRecordOfLock } from "./sign-in-records";

describe("a sign-in lock is recorded once", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb("pglite");
  });
  afterAll(async () => handle.close());

  const at = (iso: string) => new Date(iso);

  it("even when parallel attempts see its end a few milliseconds apart", async () => {
    const now = at("2026-11-24T10:00:00.000Z");
    expect(await firstRecordOfLock(handle.db, "address:192.0.2.1", at("2026-11-24T10:15:00.000Z"), now)).toBe(true);
    expect(await firstRecordOfLock(handle.db, "address:192.0.2.1", at("2026-11-24T10:15:00.004Z"), now)).toBe(false);
    expect(await firstRecordOfLock(handle.db, "address:192.0.2.1", at("2026-11-24T10:15:00.000Z"), now)).toBe(false);
  });

  it("again for the next lock, once the recorded one is over; and for another key at any time", async () => {
    const later = at("2026-11-24T10:15:00.001Z");
    expect(await firstRecordOfLock(handle.db, "address:192.0.2.1", at("2026-11-24T10:30:00.001Z"), later)).toBe(true);
    expect(await firstRecordOfLock(handle.db, "account:a@example.com", at("2026-11-24T10:15:00.000Z"))).toBe(true);
  });
});
