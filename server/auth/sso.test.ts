import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { signInWithSso } from "./sso";

const ISSUER = "https://id.corp.example";
const profile = (over: Record<string, unknown> = {}) => ({
  sub: "00u-alice",
  email: "alice@corp.example",
  email_verified: true,
  name: "Alice",
  ...over,
});

describe.each<TestDbKind>(["pglite", "postgres"])("SSO accounts on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(async () => handle?.close());

  it("creates an account linked to the identity, and finds it again by sub even after an e-mail change", async () => {
    const first = await signInWithSso(handle.db, { issuer: ISSUER, profile: profile(), role: "support" });
    expect(first).toMatchObject({ ok: true, created: true, user: { ssoSubject: "00u-alice", role: "support" } });
    const again = await signInWithSso(handle.db, {
      issuer: ISSUER,
      profile: profile({ email: "alice.new@corp.example" }),
      role: "compliance",
    });
    expect(again).toMatchObject({
      ok: true,
      created: false,
      user: { id: first.ok ? first.user.id : "", role: "compliance" },
    });
  });

  it("never takes over a local account that has the same e-mail", async () => {
    await handle.db.insert(tables.users).values({ email: "bob@corp.example", role: "admin", passwordHash: "scrypt$x" });
    const outcome = await signInWithSso(handle.db, {
      issuer: ISSUER,
      profile: profile({ sub: "00u-mallory", email: "Bob@corp.example" }),
      role: "admin",
    });
    expect(outcome).toEqual({ ok: false, code: "EMAIL_TAKEN", email: "bob@corp.example" });
    const [bob] = await handle.db.select().from(tables.users).where(eq(tables.users.email, "bob@corp.example"));
    expect(bob).toMatchObject({ source: "admin", ssoSubject: null });
  });

  it("requires a verified e-mail, a subject and a role", async () => {
    const base = { issuer: ISSUER, role: "support" as const };
    expect(
      await signInWithSso(handle.db, {
        ...base,
        profile: profile({ sub: "s2", email: "c@corp.example", email_verified: false }),
      }),
    ).toMatchObject({ ok: false, code: "EMAIL_UNVERIFIED" });
    expect(
      await signInWithSso(handle.db, {
        ...base,
        profile: profile({ sub: "s3", email: "d@corp.example", email_verified: undefined }),
      }),
    ).toMatchObject({ ok: false, code: "EMAIL_UNVERIFIED" });
    expect(
      await signInWithSso(handle.db, { ...base, profile: profile({ sub: undefined, email: "e@corp.example" }) }),
    ).toMatchObject({ ok: false, code: "NO_SUBJECT" });
    expect(
      await signInWithSso(handle.db, {
        issuer: ISSUER,
        role: null,
        profile: profile({ sub: "s4", email: "f@corp.example" }),
      }),
    ).toMatchObject({ ok: false, code: "NO_ROLE" });
  });

  it("never lets a role mapping remove the last active admin, but does once another admin exists", async () => {
    const fresh = await openTestDb(kind);
    try {
      const admin = await signInWithSso(fresh.db, { issuer: ISSUER, profile: profile({ sub: "root" }), role: "admin" });
      expect(admin).toMatchObject({ ok: true, user: { role: "admin" } });
      const demoted = await signInWithSso(fresh.db, {
        issuer: ISSUER,
        profile: profile({ sub: "root" }),
        role: "developer",
      });
      expect(demoted).toMatchObject({ ok: true, roleKept: true, user: { role: "admin" } });
      await fresh.db.insert(tables.users).values({ email: "second@corp.example", role: "admin" });
      const now = await signInWithSso(fresh.db, {
        issuer: ISSUER,
        profile: profile({ sub: "root" }),
        role: "developer",
      });
      expect(now).toMatchObject({ ok: true, roleKept: false, user: { role: "developer" } });
    } finally {
      await fresh.close();
    }
  });

  it("keeps one admin when the only two are demoted by their role mappings at the same time", async () => {
    const fresh = await openTestDb(kind);
    try {
      const as = (sub: string, role: "admin" | "developer") =>
        signInWithSso(fresh.db, { issuer: ISSUER, profile: profile({ sub, email: `${sub}@corp.example` }), role });
      await as("ann", "admin");
      await as("ben", "admin");
      const outcomes = await Promise.all([as("ann", "developer"), as("ben", "developer")]);
      expect(outcomes.map((o) => o.ok && o.roleKept).sort()).toEqual([false, true]);
      const admins = await fresh.db.select().from(tables.users).where(eq(tables.users.role, "admin"));
      expect(admins).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it("refuses a disabled linked account", async () => {
    await handle.db
      .update(tables.users)
      .set({ disabledAt: new Date() })
      .where(eq(tables.users.ssoSubject, "00u-alice"));
    expect(await signInWithSso(handle.db, { issuer: ISSUER, profile: profile(), role: "support" })).toMatchObject({
      ok: false,
      code: "DISABLED",
    });
  });
});
