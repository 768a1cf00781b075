import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditActionLabel, groupActions, KNOWN_AUDIT_ACTIONS, KNOWN_ERROR_CODES, mergeFacet } from "./catalog";

const root = path.resolve(__dirname, "../..");
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => readFileSync(path.join(root, dir, f), "utf8"));
}

describe("the audit catalog", () => {
  it("knows every action the console's sources record", () => {
    const recorded = new Set<string>();
    for (const text of [...sources("server"), ...sources("app")])
      for (const m of text.matchAll(/\baction: "([a-z]+\.[a-z-]+)"/g)) if (m[1]) recorded.add(m[1]);
    expect(recorded.size).toBeGreaterThan(10);
    expect([...recorded].filter((a) => !(KNOWN_AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
  });

  it("knows every sign-in refusal code the sign-in code writes", () => {
    const credentials = readFileSync(path.join(root, "server/auth/credentials.ts"), "utf8");
    const sso = readFileSync(path.join(root, "server/auth/sso.ts"), "utf8");
    const block = /SIGN_IN_ERRORS = \{([^}]*)\}/.exec(credentials)?.[1] ?? "";
    const codes = new Set([
      ...[...block.matchAll(/"([A-Z_]+)"/g)].map((m) => m[1]),
      ...[...sso.matchAll(/code: "([A-Z_]+)"/g)].map((m) => m[1]),
    ]);
    expect(codes.size).toBeGreaterThanOrEqual(8);
    expect([...codes].filter((c) => c && !KNOWN_ERROR_CODES.includes(c))).toEqual([]);
  });

  it("groups actions by area, known areas first, each with its prefix entry", () => {
    const groups = groupActions([
      "zeta.one",
      "eject.request",
      "auth.sign-out",
      "auth.sign-in",
      "alpha.x",
      "users.create",
    ]);
    expect(groups.map((g) => g.area)).toEqual(["auth", "users", "eject", "alpha", "zeta"]);
    expect(groups[0]).toEqual({ area: "auth", prefix: "auth.", actions: ["auth.sign-in", "auth.sign-out"] });
    expect(groupActions([])).toEqual([]);
  });

  it("merges what the log holds into the known list without duplicates", () => {
    expect(mergeFacet(["b.x", "a.y"], ["a.y", "c.z"])).toEqual(["a.y", "b.x", "c.z"]);
  });

  it("has words for every known action: no code, no dotted name, each label its own", () => {
    const labels = KNOWN_AUDIT_ACTIONS.map((a) => auditActionLabel(a));
    const raw = KNOWN_AUDIT_ACTIONS.filter(
      (a, i) => !/^[A-Z][a-z]/.test(labels[i]!) || /[a-z]\.[a-z]/.test(labels[i]!),
    );
    expect(raw, "actions shown as codes").toEqual([]);
    expect(new Set(labels).size, "two actions share a label").toBe(KNOWN_AUDIT_ACTIONS.length);
    expect(auditActionLabel("users.update")).toBe("User changed");
  });

  it("shows an action it does not know (a newer version's) as its code", () => {
    expect(auditActionLabel("future.thing")).toBe("future.thing");
    expect(auditActionLabel("toString")).toBe("toString");
  });
});
