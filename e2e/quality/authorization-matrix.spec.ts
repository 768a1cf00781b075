import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { anonymousContext, signIn } from "../fixtures/auth";
import { builtActions, postAction, refusalCode, type BuiltAction } from "../fixtures/built-actions";
import { builtRoutes, probePath, type BuiltRoute } from "../fixtures/built-routes";
import { storageState } from "../fixtures/users";

/**
 * Every server action and every route handler of the build, called directly over HTTP the way an
 * attacker would (no page, no UI), with no session, as each role, and as a user disabled after
 * signing in. The outcome must match the permission matrix for every one of them.
 *
 * The calls are enumerated from the production build itself (Next's server-reference manifest for
 * the actions, its app-paths manifest for the routes), so a new action or route cannot slip by: one
 * that has no expectation below fails the test until someone says which permission it needs. The
 * role columns come from the user guide's matrix (docs/user-guide.md), not from lib/auth/permissions.ts, so the code is checked
 * against what the console promises its users.
 */

type Identity = "none" | "admin" | "support" | "compliance" | "developer" | "disabled";
type Role = Exclude<Identity, "none" | "disabled">;
const ROLES: Role[] = ["admin", "support", "compliance", "developer"];

/** What each server action requires: a permission of the matrix, or "signed-in" (any staff member). */
const ACTIONS: Record<string, string> = {
  changePassword: "signed-in",
  startEventsExport: "alerts:export",
  replayAllDryRun: "alerts:replay",
  startReplayAll: "alerts:replay",
  replaySelected: "alerts:replay",
  saveEventsView: "signed-in",
  deleteEventsView: "signed-in",
  formatAlert: "alerts:legacy-tools",
  retryAlertsByBlock: "alerts:legacy-tools",
  verifyAuditChain: "audit:read",
  createAuditCheckpoint: "audit:read",
  startAuditExport: "audit:read",
  createClient: "clients:create",
  mintSessionToken: "credentials:issue",
  issueWebOtp: "credentials:issue",
  buildTransfer: "transfers:build",
  findClientByAddress: "clients:read",
  requestEject: "eject:request",
  approveEject: "eject:approve",
  rejectEject: "eject:approve",
  executeEject: "eject:request",
  withdrawEject: "eject:request",
  downloadEjectShares: "eject:fetch-shares",
  cancelJobRun: "signed-in",
  createTestClient: "wallet-lab:use",
  setUpYieldTestClient: "wallet-lab:use",
  createUser: "users:manage",
  updateUser: "users:manage",
  resetUserPassword: "users:manage",
  generateLabWallet: "wallet-lab:use",
  backupLabWallet: "wallet-lab:use",
  recoverLabWallet: "wallet-lab:use",
  signLabMessage: "wallet-lab:use",
  rawSignLabDigest: "wallet-lab:use",
  sendLabAssets: "wallet-lab:use",
  previewYieldRun: "yield:act",
  startYieldRun: "yield:act",
  retryYieldRun: "yield:act",
  abandonYieldRun: "yield:act",
  createExportSchedule: "alerts:export",
  stopExportSchedule: "alerts:export",
  requireCase: "users:manage",
  downloadCaseBundle: "audit:read",
  saveNotifyDestination: "users:manage",
  newNotifySigningSecret: "users:manage",
  saveNotifyRule: "users:manage",
  sendTestNotification: "users:manage",
  checkNotificationsNow: "users:manage",
};

/** What each route handler requires, by method and path as the build names it. */
const ROUTES: Record<string, string> = {
  "GET /api/alerts/exports/[runId]/file": "alerts:export",
  "GET /api/alerts/exports/[runId]/manifest": "alerts:export",
  "GET /api/alerts/exports": "alerts:export",
  "GET /api/alerts/webhooks/[webhookId]/events": "alerts:read",
  "GET /api/alerts/webhooks/[webhookId]/health": "alerts:read",
  "GET /api/alerts/webhooks/[webhookId]/horizon": "alerts:read",
  "GET /api/alerts/webhooks/[webhookId]/replays": "alerts:read",
  "GET /api/alerts/webhooks/[webhookId]/replays/[runId]": "alerts:read",
  "GET /api/alerts/webhooks/[webhookId]/replays/[runId]/csv": "alerts:read",
  "GET /api/alerts/webhooks/[webhookId]/transactions/[hash]": "alerts:read",
  "GET /api/alerts/webhooks/[webhookId]/watchdog": "alerts:read",
  "GET /api/alerts/webhooks": "alerts:read",
  "GET /api/approvals": "eject:approve",
  "GET /api/approvals/mine": "eject:request",
  "GET /api/approvals/waiting": "eject:approve",
  "GET /api/audit/[recordId]": "audit:read",
  "GET /api/audit/exports": "audit:read",
  "GET /api/audit/exports/[runId]/file": "audit:read",
  "GET /api/audit/exports/[runId]/manifest": "audit:read",
  "GET /api/audit/signing-keys": "signed-in",
  "GET /api/audit/facets": "audit:read",
  "GET /api/audit/last-verified": "audit:read",
  "GET /api/audit": "audit:read",
  "GET /api/clients/[clientId]/assets": "assets:read",
  "GET /api/clients/[clientId]/balances": "assets:read",
  "GET /api/clients/[clientId]/ejects": "clients:read",
  "GET /api/ejects/[requestId]/evidence": "clients:read",
  "GET /api/clients/[clientId]": "clients:read",
  "GET /api/clients/[clientId]/timeline": "clients:read",
  "GET /api/clients": "clients:read",
  "GET /api/gas/export": "gas:read",
  "GET /api/gas/usage": "gas:read",
  "GET /api/jobs/[runId]": "signed-in",
  "GET /api/overview/clients": "clients:read",
  "GET /api/overview/gas": "gas:read",
  "GET /api/saved-views": "signed-in",
  "GET /api/session": "signed-in",
  "GET /api/test-clients": "clients:read",
  "GET /api/users": "users:manage",
  "GET /api/cases/requirements": "users:manage",
  "GET /api/alerts/schedules": "alerts:export",
  "GET /api/notifications": "users:manage",
  "GET /api/yield/available": "assets:read",
  "GET /api/yield/client": "yield:read",
  "GET /api/yield/history": "yield:read",
  "GET /api/yield/pending": "yield:read",
  "GET /api/yield/opportunities": "yield:read",
  "GET /api/yield/positions": "yield:read",
  "GET /api/yield/runs/[runId]": "yield:read",
  "GET /api/yield/runs/[runId]/simulation": "yield:read",
  "GET /api/yield/runs": "yield:read",
  // An operator's endpoints: liveness and readiness answer anyone (a load balancer has no session);
  // metrics answer only the metrics token, which no staff session replaces.
  "GET /api/health": "public",
  "GET /api/ready": "public",
  "GET /api/metrics": "metrics-token",
};

/** Routes that are not the console's own API: next-auth's sign-in endpoints and the favicon. */
const NOT_GUARDED = new Set(["/api/auth/[...nextauth]", "/icon.svg"]);

/** The permission matrix of docs/user-guide.md: permission → roles that hold it. */
function documentedMatrix(): Map<string, Set<Role>> {
  const lines = readFileSync("docs/user-guide.md", "utf8").split("\n");
  const header = lines.findIndex((l) => /^\|\s*permission\s*\|/.test(l));
  expect(header, "docs/user-guide.md has a permission matrix").toBeGreaterThan(0);
  const columns = lines[header]!.split("|").map((c) => c.trim());
  const matrix = new Map<string, Set<Role>>();
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line.split("|").map((c) => c.trim());
    const holders = new Set<Role>();
    cells.forEach((cell, i) => {
      if (cell === "✓" && ROLES.includes(columns[i] as Role)) holders.add(columns[i] as Role);
    });
    matrix.set(cells[1]!, holders);
  }
  expect(matrix.size).toBeGreaterThanOrEqual(18);
  return matrix;
}

/** What a call should come to: allowed (past authorization), refused for the role, or for want of a session. */
type Outcome = "allowed" | "FORBIDDEN" | "UNAUTHENTICATED";

function expected(requirement: string, who: Identity, matrix: Map<string, Set<Role>>): Outcome {
  if (requirement === "public") return "allowed";
  if (requirement === "metrics-token") return "UNAUTHENTICATED";
  if (who === "none" || who === "disabled") return "UNAUTHENTICATED";
  if (requirement === "signed-in") return "allowed";
  const holders = matrix.get(requirement);
  expect(holders, `the user guide's matrix lists ${requirement}`).toBeDefined();
  return holders!.has(who) ? "allowed" : "FORBIDDEN";
}

/** A server action as the browser posts it, with an argument no action's schema accepts. */
async function callAction(request: APIRequestContext, action: BuiltAction): Promise<Outcome | string> {
  const { status, text } = await postAction(request, action, "matrix-probe");
  if (status !== 200) return `HTTP ${status}`;
  const code = refusalCode(text);
  if (code === "FORBIDDEN" || code === "UNAUTHENTICATED") return code;
  // Past authorization, the probe argument is refused by the action's input schema.
  return code === "VALIDATION" ? "allowed" : `answered ${code ?? text.slice(0, 120)}`;
}

async function callRoute(request: APIRequestContext, route: BuiltRoute): Promise<Outcome | string> {
  const res = await request.fetch(probePath(route.path), { method: route.method, maxRedirects: 0 });
  if (res.status() === 401) return "UNAUTHENTICATED";
  if (res.status() === 403) return "FORBIDDEN";
  if (res.status() >= 300 && res.status() < 400) return `redirected (${res.status()})`;
  // Past authorization: an answer, or a refusal of the probe values (400, 404), never a crash.
  return res.status() < 500 ? "allowed" : `HTTP ${res.status()}`;
}

/** A staff member who signs in, then is disabled by an admin: the cookie they keep is worth nothing. */
async function disabledUserRequest(
  browser: Browser,
  admin: APIRequestContext,
  create: BuiltAction,
  update: BuiltAction,
) {
  const user = { email: `matrix-${Date.now()}@e2e.test`, password: "matrix-disabled-password" };
  const call = async (action: BuiltAction, argument: unknown) => (await postAction(admin, action, argument)).text;
  const created = await call(create, { ...user, role: "support" });
  const id = /"ok":true,"data":\{"id":"([0-9a-f-]{36})"/.exec(created)?.[1];
  expect(id, "the admin created the user").toBeDefined();
  const context = await anonymousContext(browser);
  await signIn(await context.newPage(), user);
  expect(await call(update, { id, disabled: true })).toContain('"ok":true');
  return context;
}

test("[SEC][matrix] every server action and route handler answers each identity as the permission matrix says", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const matrix = documentedMatrix();
  const actions = builtActions();
  const routes = builtRoutes(NOT_GUARDED);

  // Enumerated from the build: nothing without an expectation, no expectation without its code.
  const names = actions.map((a) => a.name);
  expect(
    names.filter((n) => !(n in ACTIONS)),
    "server actions with no expected permission",
  ).toEqual([]);
  expect(
    Object.keys(ACTIONS).filter((n) => !names.includes(n)),
    "expected actions the build lacks",
  ).toEqual([]);
  const keys = routes.map((r) => `${r.method} ${r.path}`);
  expect(
    keys.filter((k) => !(k in ROUTES)),
    "route handlers with no expected permission",
  ).toEqual([]);
  expect(
    Object.keys(ROUTES).filter((k) => !keys.includes(k)),
    "expected routes the build lacks",
  ).toEqual([]);

  const contexts: Partial<Record<Identity, APIRequestContext>> = {
    none: await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } }),
  };
  for (const role of ROLES)
    contexts[role] = await playwright.request.newContext({ baseURL, storageState: storageState(role) });
  const byName = (n: string) => actions.find((a) => a.name === n)!;
  const disabled = await disabledUserRequest(browser, contexts.admin!, byName("createUser"), byName("updateUser"));
  contexts.disabled = disabled.request;

  const mismatches: string[] = [];
  let checked = 0;
  for (const who of Object.keys(contexts) as Identity[]) {
    const request = contexts[who]!;
    for (const action of actions) {
      const want = expected(ACTIONS[action.name]!, who, matrix);
      const got = await callAction(request, action);
      checked++;
      if (got !== want) mismatches.push(`action ${action.name} as ${who}: expected ${want}, got ${got}`);
    }
    for (const route of routes) {
      const want = expected(ROUTES[`${route.method} ${route.path}`]!, who, matrix);
      const got = await callRoute(request, route);
      checked++;
      if (got !== want) mismatches.push(`${route.method} ${route.path} as ${who}: expected ${want}, got ${got}`);
    }
  }
  await disabled.close();
  expect(checked).toBe(6 * (actions.length + routes.length));
  expect(mismatches).toEqual([]);
});
