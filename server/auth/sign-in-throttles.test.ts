import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { signInWithPassword, SIGN_IN_ERRORS } from "./credentials";
import { issueDeviceToken } from "./device-cookie";
import { hashPassword } from "./password";

/**
 * What sign-in attempts are counted against: the account by its id, the address, and a known
 * browser's device cookie on its own; strangers' attempts cannot lock a staff member out of the
 * browser they signed in with before, and no key holds what somebody typed.
 */
const OFFICE = "198.51.100.40";
const KEEPER = { email: "keeper@example.com", password: "keeper-password-1" };
const OTHER = { email: "other@example.com", password: "other-password-1" };
const ADDRESS_LIMIT = getEnv().CONSOLE_SIGNIN_ADDRESS_LIMIT;

describe.each<TestDbKind>(["pglite", "postgres"])("sign-in throttles on %s", (kind) => {
  let handle: DbHandle;
  let keeperId = "";
  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
    const rows = await handle.db
      .insert(tables.users)
      .values([
        { email: KEEPER.email, role: "support", passwordHash: await hashPassword(KEEPER.password) },
        { email: OTHER.email, role: "compliance", passwordHash: await hashPassword(OTHER.password) },
      ])
      .returning({ id: tables.users.id });
    keeperId = rows[0]!.id;
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.delete(tables.rateLimits);
  });

  /** One attempt: "ok" with the device cookie's next value, or the error code. */
  const attempt = (credentials: { email: string; password: string }, ip: string, cookie?: string) =>
    signInWithPassword(credentials, { ip, requestId: "r", deviceTokens: cookie?.split("~") ?? [] }).then(
      (signedIn) => ({ outcome: "ok", cookie: signedIn.deviceCookie }),
      (e: Error) => ({ outcome: e.message, cookie: undefined }),
    );
  const outcome = async (...args: Parameters<typeof attempt>) => (await attempt(...args)).outcome;

  /** Strangers: wrong passwords for the keeper from elsewhere, and a burst at the office for others. */
  async function strangersLockEverything() {
    for (let i = 0; i < 5; i++) await outcome({ ...KEEPER, password: `guess-${i}` }, `203.0.113.${i}`);
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      await outcome(
        i % 2 ? { ...OTHER, password: `guess-${i}` } : { email: `nobody-${i}@example.com`, password: "x" },
        OFFICE,
      );
    // Locked both ways: the account anywhere, and the office for any account.
    expect(await outcome(KEEPER, "203.0.113.99")).toBe(SIGN_IN_ERRORS.locked);
    expect(await outcome(OTHER, OFFICE)).toBe(SIGN_IN_ERRORS.locked);
  }

  it("lets a known browser in past the locks others caused on its account and its address", async () => {
    const first = await attempt(KEEPER, OFFICE);
    expect(first.outcome).toBe("ok");
    await strangersLockEverything();

    // A browser without the cookie is refused at the office; the known one signs in.
    expect(await outcome(KEEPER, OFFICE)).toBe(SIGN_IN_ERRORS.locked);
    const again = await attempt(KEEPER, OFFICE, first.cookie);
    expect(again.outcome).toBe("ok");
    const [record] = await handle.db
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.action, "auth.sign-in"))
      .orderBy(desc(tables.auditLog.seq))
      .limit(1);
    expect(record).toMatchObject({ target: KEEPER.email, input: { method: "password", knownBrowser: true } });
    // Its success clears nothing others caused, and it gets a fresh token that works too.
    expect(await outcome(KEEPER, "203.0.113.99")).toBe(SIGN_IN_ERRORS.locked);
    expect(again.cookie).not.toBe(first.cookie);
    expect(await outcome(KEEPER, OFFICE, again.cookie)).toBe("ok");
  });

  it("counts a known browser's own failures against its cookie alone, and locks the cookie", async () => {
    const { cookie } = await attempt(KEEPER, OFFICE);
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push(await outcome({ ...KEEPER, password: `typo-${i}` }, OFFICE, cookie));
    expect(wrong).toEqual([...Array(4).fill(SIGN_IN_ERRORS.invalid), SIGN_IN_ERRORS.locked]);
    expect(await outcome(KEEPER, OFFICE, cookie)).toBe(SIGN_IN_ERRORS.locked);
    // Neither the account nor the address paid for them: without the cookie, the right password works.
    expect(await outcome(KEEPER, OFFICE)).toBe("ok");
  });

  it("gives nothing for a cookie of another account, a forged one or an expired one", async () => {
    const { cookie: othersCookie } = await attempt(OTHER, OFFICE);
    const { cookie: keepersCookie } = await attempt(KEEPER, OFFICE);
    await strangersLockEverything();
    const secret = getEnv().AUTH_SECRET;
    const forged = `${keepersCookie!.slice(0, -3)}${keepersCookie!.endsWith("AAA") ? "BBB" : "AAA"}`;
    const expired = issueDeviceToken(secret, keeperId, new Date(Date.now() - 181 * 86_400_000));
    const signedElsewhere = issueDeviceToken("another-console-secret-0123456789", keeperId);
    for (const cookie of [othersCookie, forged, expired, signedElsewhere])
      expect(await outcome(KEEPER, OFFICE, cookie)).toBe(SIGN_IN_ERRORS.locked);
    expect(await outcome(KEEPER, OFFICE, keepersCookie)).toBe("ok");
  });

  it("keeps no key that holds what was typed: accounts by id, unknown identifiers by a keyed digest", async () => {
    const typed = ["a-password-in-the-email-box", "nobody-here@example.com", "Keeper@Example.com"];
    for (const email of typed) await outcome({ email, password: "wrong-password" }, OFFICE);
    const keys = (await handle.db.select({ key: tables.rateLimits.key }).from(tables.rateLimits)).map((r) => r.key);
    for (const text of [...typed, KEEPER.email])
      expect(keys.filter((k) => k.toLowerCase().includes(text.toLowerCase()))).toEqual([]);
    const counted = keys.filter((k) => !k.startsWith("audit-")).sort();
    expect(counted.filter((k) => !k.startsWith("account:unknown:"))).toEqual([
      `account:${keeperId}`,
      `address:${OFFICE}`,
    ]);
    // The two identifiers that name no account are counted as accounts are, each under its own digest.
    expect(counted.filter((k) => /^account:unknown:[\w-]{43}$/.test(k))).toHaveLength(2);
    const [address] = await handle.db
      .select()
      .from(tables.rateLimits)
      .where(and(eq(tables.rateLimits.key, `address:${OFFICE}`)));
    expect(address?.hits).toBe(3);
  });
});
