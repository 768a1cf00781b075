import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { completeSsoSignIn } from "./sso-sign-in";

const ISSUER = "https://id.corp.example";
const request = { requestId: "req-sso", ip: "192.0.2.30" };
const profile = (over: Record<string, unknown> = {}) => ({
  sub: "00u-carol",
  email: "carol@corp.example",
  email_verified: true,
  ...over,
});

describe.each<TestDbKind>(["pglite", "postgres"])("the end of an SSO sign-in on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });
  const newest = async () =>
    (await handle.db.select().from(tables.auditLog).orderBy(desc(tables.auditLog.seq)).limit(1))[0];

  it("refuses the session when its record cannot be written, as a password sign-in does", async () => {
    await handle.db.execute(sql`alter table audit_log rename to audit_log_offline`);
    try {
      const outcome = await completeSsoSignIn(
        handle.db,
        { issuer: ISSUER, profile: profile(), role: "support" },
        request,
      );
      expect(outcome).toEqual({ ok: false, code: "UNAVAILABLE" });
    } finally {
      await handle.db.execute(sql`alter table audit_log_offline rename to audit_log`);
    }
  });

  it("records the sign-in, with the request's id and address, before the session is issued", async () => {
    const outcome = await completeSsoSignIn(
      handle.db,
      { issuer: ISSUER, profile: profile(), role: "support" },
      request,
    );
    expect(outcome).toMatchObject({ ok: true, user: { email: "carol@corp.example" } });
    expect(await newest()).toMatchObject({
      action: "auth.sign-in",
      target: "carol@corp.example",
      requestId: "req-sso",
      ip: "192.0.2.30",
      input: { method: "oidc" },
    });
  });

  it("names a refused identity's e-mail claim only when it is a well-formed address", async () => {
    const claim = "not-an-address-but-a-secret";
    const outcome = await completeSsoSignIn(
      handle.db,
      { issuer: ISSUER, profile: profile({ sub: "00u-dave", email: claim }), role: null },
      request,
    );
    expect(outcome).toEqual({ ok: false, code: "NO_ROLE" });
    expect(await newest()).toMatchObject({
      action: "auth.sign-in-failed",
      errorCode: "NO_ROLE",
      actorEmail: "not an e-mail address, 27 characters",
      target: "not an e-mail address, 27 characters",
    });
    const rows = await handle.db.select().from(tables.auditLog).where(eq(tables.auditLog.requestId, "req-sso"));
    expect(JSON.stringify(rows)).not.toContain(claim);
  });
});
