import { describe, expect, it } from "vitest";
import {
  actionMatch,
  actionMatches,
  auditFiltersQuery,
  auditFiltersSchema,
  auditPageQuerySchema,
  auditTimeBounds,
} from "./";

const parse = (input: Record<string, string>) => auditFiltersSchema.safeParse(input);

describe("audit filters", () => {
  it("takes an error code, alone or with the outcome error", () => {
    expect(parse({ errorCode: "INVALID_CREDENTIALS" })).toMatchObject({
      success: true,
      data: { errorCode: "INVALID_CREDENTIALS" },
    });
    expect(parse({ outcome: "error", errorCode: "FORBIDDEN" }).success).toBe(true);
    expect(parse({ errorCode: "" })).toMatchObject({ success: true, data: { errorCode: undefined } });
  });

  it("refuses an error code that is not one, or with an outcome that has none", () => {
    expect(parse({ errorCode: "invalid credentials" }).success).toBe(false);
    expect(parse({ errorCode: "X'; drop table" }).success).toBe(false);
    const contradiction = parse({ outcome: "ok", errorCode: "FORBIDDEN" });
    expect(contradiction.success).toBe(false);
    expect(contradiction.error?.issues[0]?.message).toMatch(/only goes with the outcome “error”/);
  });

  it("refuses NUL and broken characters in the actor and action filters with a field message", () => {
    // Found by server/kit/bad-input-routes.test.ts: /api/audit?actor=a%00 reached PostgreSQL and was a 500.
    for (const text of ["alice\u0000", "\uD800alice"]) {
      for (const key of ["actor", "action"]) {
        const result = parse({ [key]: text });
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]).toMatchObject({ path: [key], message: expect.stringMatching(/character/) });
      }
    }
    expect(parse({ actor: "alice@example.com", action: "auth.*" }).success).toBe(true);
  });

  it("takes a page cursor that is a record number, not one beyond any", () => {
    // Found by server/kit/bad-input-routes.test.ts: /api/audit?cursor=9223372036854775296 overflowed the query, a 500.
    const page = (cursor: string) => auditPageQuerySchema.safeParse({ cursor });
    expect(page("123")).toMatchObject({ success: true, data: { cursor: "123", limit: 50 } });
    expect(page(String(Number.MAX_SAFE_INTEGER)).success).toBe(true);
    for (const cursor of ["9223372036854775296", "9".repeat(400), "-1", "1e3"])
      expect(page(cursor).error?.issues[0]).toMatchObject({ path: ["cursor"], message: "expected a record number" });
  });

  it("reads times as UTC to the minute", () => {
    expect(parse({ from: "2026-11-21T09:30", to: "2026-11-21T12:15:42.5+02:00" })).toMatchObject({
      success: true,
      data: { from: "2026-11-21T09:30:00.000Z", to: "2026-11-21T10:15:00.000Z" },
    });
    expect(parse({ from: "yesterday" }).success).toBe(false);
  });

  it("lets From and To name the same minute, not To before From", () => {
    expect(parse({ from: "2026-11-21T09:30:00Z", to: "2026-11-21T09:30:00Z" }).success).toBe(true);
    expect(parse({ from: "2026-11-21T09:30:40Z", to: "2026-11-21T09:30:10Z" }).success).toBe(true);
    const reversed = parse({ from: "2026-11-21T09:31:00Z", to: "2026-11-21T09:30:00Z" });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ["to"], message: "“From” must not be after “To”" });
  });

  it("makes To inclusive of its whole minute", () => {
    const bounds = auditTimeBounds({ from: "2026-11-21T09:30:00.000Z", to: "2026-11-21T09:30:00.000Z" });
    expect(bounds).toEqual({ from: "2026-11-21T09:30:00.000Z", before: "2026-11-21T09:31:00.000Z" });
    const at = (iso: string) => iso >= bounds.from! && iso < bounds.before!;
    expect(at("2026-11-21T09:30:59.999Z")).toBe(true);
    expect(at("2026-11-21T09:30:00.000Z")).toBe(true);
    expect(at("2026-11-21T09:31:00.000Z")).toBe(false);
    expect(at("2026-11-21T09:29:59.999Z")).toBe(false);
    expect(auditTimeBounds({})).toEqual({});
  });

  it("serializes what the routes take back", () => {
    const filters = parse({ action: "auth.", errorCode: "LOCKED", to: "2026-11-21T09:30:00Z" });
    expect(filters.success).toBe(true);
    const query = auditFiltersQuery(filters.data!);
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      action: "auth.",
      errorCode: "LOCKED",
      to: "2026-11-21T09:30:00.000Z",
    });
    expect(auditFiltersSchema.parse(Object.fromEntries(new URLSearchParams(query)))).toEqual(filters.data);
  });
});

describe("the action filter", () => {
  it("matches a full name of a known action alone, so a longer sibling is left out", () => {
    expect(actionMatch("auth.sign-in")).toEqual({ kind: "exact", action: "auth.sign-in" });
    expect(actionMatches("auth.sign-in", "auth.sign-in-failed")).toBe(false);
    expect(actionMatches("alerts.replay", "alerts.replay")).toBe(true);
    expect(actionMatches("alerts.replay", "alerts.replay-all")).toBe(false);
  });

  it("takes an area's entry, any typed start of a name, or a trailing * as a prefix", () => {
    expect(actionMatch("auth.")).toEqual({ kind: "prefix", prefix: "auth." });
    expect(actionMatches("auth.", "auth.sign-out")).toBe(true);
    expect(actionMatches("auth.", "authx.thing")).toBe(false);
    expect(actionMatches("alerts.rep", "alerts.replay-all-start")).toBe(true);
    expect(actionMatches("alerts.rep", "alerts.export")).toBe(false);
    expect(actionMatch(" alerts.replay* ")).toEqual({ kind: "prefix", prefix: "alerts.replay" });
    expect(actionMatches("alerts.replay*", "alerts.replay-all")).toBe(true);
    expect(actionMatches("Eject", "eject.approve")).toBe(true);
    // An action only the log knows (an older version's) is matched by its name too.
    expect(actionMatches("legacy.thing", "legacy.thing")).toBe(true);
  });
});
