import "server-only";
import fc from "fast-check";
import { expect } from "vitest";
import type * as AuditAppend from "@/server/audit/append";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import type { DbHandle } from "@/server/db/client";
import { HTTP_STATUS } from "@/server/errors";
import type * as DefineRoute from "@/server/kit/define-route";
import type * as Upstream from "@/server/upstream";
import { createAuditRecorder, recordingAppendModule, type AuditRecorder } from "./audit-recorder";
import { rememberingDefineRoute } from "./entry-points";
import { createUpstreamRecorder, type UpstreamRecorder } from "./recording-upstream";

/**
 * What the bad-input tests (server/kit/bad-input-*.test.ts) share: the signed-in admin, the
 * module stand-ins their vi.mock calls install, and what a clear error message is. vi.mock must
 * stay in each test file (it is hoisted there); each one hands its factory over to a function here:
 *
 *   vi.mock("@/server/upstream", async (original) => (await import("./testing/bad-input-harness")).upstreamModule(original));
 */

/** Admin holds every permission (lib/auth/permissions.ts), so every call gets as far as its input check. */
export const admin: StaffUser = {
  id: "0d6f3c52-3f6e-4d4c-9b8a-5d2b7a1e9c01",
  email: "fuzz-admin@example.com",
  name: "Fuzz Admin",
  role: "admin",
  mustChangePassword: false,
};
export const requestContextValue = { requestId: "req-bad-input", ip: "203.0.113.50" };

/** Every upstream call and every audit record of the test so far. */
export const recorders: { upstream: UpstreamRecorder; audit: AuditRecorder } = {
  upstream: createUpstreamRecorder(),
  audit: createAuditRecorder(),
};

type Original<T> = <M = T>() => Promise<M>;

export async function sessionModule(original: Original<typeof Session>) {
  // No request here: the session is the admin's, and its cookie's expiry is unknown.
  return { ...(await original()), authorize: async () => admin, sessionExpiresAt: async () => null };
}

export function requestContextModule() {
  return { requestContext: async () => ({ ...requestContextValue }) };
}

/** Every way server code reaches the upstream (grep "@/server/upstream" in server/): the recording stand-in. */
export async function upstreamModule(original: Original<typeof Upstream>) {
  const client = recorders.upstream.client;
  return {
    ...(await original()),
    getAdminClient: () => client("admin"),
    getSessionTokens: () => client("sessionTokens"),
    createMpcClient: () => client("mpc"),
    createYieldClient: () => client("yield"),
  };
}

export async function auditAppendModule(original: Original<typeof AuditAppend>) {
  return recordingAppendModule(await original(), recorders.audit);
}

export async function defineRouteModule(original: Original<typeof DefineRoute>) {
  const actual = await original();
  return { ...actual, defineRoute: rememberingDefineRoute(actual.defineRoute) };
}

/** A fresh in-memory PGlite as the console's database, with the admin as a user in it. */
export async function openHarnessDb(): Promise<DbHandle> {
  const { openTestDb } = await import("@/testing/db");
  const { setDbForTests, tables } = await import("@/server/db");
  const handle = await openTestDb("pglite");
  setDbForTests(handle);
  await handle.db.insert(tables.users).values({ ...admin, passwordHash: null, source: "sso" });
  return handle;
}

export async function closeHarnessDb(handle: DbHandle | undefined) {
  const { setDbForTests } = await import("@/server/db");
  setDbForTests(undefined);
  await handle?.close();
}

/** The seed fast-check starts from: fixed, so a run is repeatable; another with BAD_INPUT_SEED=123. */
export const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_240_601);
/** Generated inputs per action and per route handler. */
export const RUNS = 500;

const KNOWN_CODES = Object.keys(HTTP_STATUS);

/** What is unclear about a message a person should act on: no words, a stack trace or file position, an echo of a huge input. */
function textProblems(text: unknown, what: string): string[] {
  if (typeof text !== "string") return [`${what} is not text`];
  const problems: string[] = [];
  if (!/\p{L}{3,}/u.test(text)) problems.push(`${what} has no words`);
  if (text.includes("    at ") || /\.[cm]?[jt]sx?:\d/.test(text)) problems.push(`${what} holds a stack trace`);
  if (text.length >= 2_000) problems.push(`${what} has ${text.length} characters`);
  return problems;
}

/** What is wrong with an error shown to a user: an unknown code, INTERNAL, an unclear message or field message. */
export function errorProblems(error: { code: string; message: string; fields?: Record<string, string> }): string[] {
  const problems: string[] = [];
  if (!KNOWN_CODES.includes(error.code)) problems.push(`unknown code ${error.code}`);
  if (error.code === "INTERNAL") problems.push("INTERNAL");
  problems.push(...textProblems(error.message, "message"));
  for (const [field, text] of Object.entries(error.fields ?? {})) {
    if (field.length >= 2_000) problems.push(`a field name of ${field.length} characters`);
    problems.push(...textProblems(text, `fields.${field.slice(0, 40)}`));
  }
  return problems;
}

/**
 * Each expect() costs tens of microseconds, and these tests make tens of thousands of checks; so
 * they check plainly and call expect only to explain a failure.
 */
export function expectClearError(error: { code: string; message: string; fields?: Record<string, string> }) {
  const problems = errorProblems(error);
  if (problems.length > 0) expect(problems, `error ${brief(error)}`).toEqual([]);
}

/** For failure messages: any value, briefly. */
export const brief = (value: unknown) => fc.stringify(value).slice(0, 200);

/** CPU milliseconds spent by `work` (this process), for the cost notes the tests print. */
export async function cpuMs(work: () => Promise<void>): Promise<number> {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return Math.round((used.user + used.system) / 1000);
}
