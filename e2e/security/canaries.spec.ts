import { execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import type { PlannedAction } from "../../scripts/canaries/plan";
import { e2ePaths } from "../../scripts/setup.mjs";
import { postCredentials } from "../fixtures/auth";
import { builtActions, postAction, refusalCode } from "../fixtures/built-actions";
import { storageState } from "../fixtures/users";

/**
 * Canaries for the secret scan: every server action of the build, called over HTTP as the admin
 * (who may call them all) with inputs its schema refuses and that carry a unique canary in every
 * string they can hold (scripts/canaries/plan.ts makes them from the actions' own zod schemas).
 * Each answer must be a VALIDATION refusal that quotes none of them; each canary is written to the
 * witness file before it is sent, and scripts/secret-scan.mjs then proves that none reached the
 * database, a log or any answer. A refused input is never kept: a password typed into the wrong
 * box must not end up where compliance and admins read it.
 */
const witness = e2ePaths().canaries;

function canaryPlan(): PlannedAction[] {
  const out = execFileSync(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "--import",
      "./scripts/canaries/next-aliases.mjs",
      "scripts/canaries/plan.ts",
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out) as PlannedAction[];
}

async function newestRecord(admin: APIRequestContext, action: string) {
  const res = await admin.get(`/api/audit?action=${encodeURIComponent(action)}&limit=1`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { records: { errorCode: string | null; input: unknown }[] }).records[0];
}

test("[SEC][canaries] every server action refuses input with a canary in every string, and keeps none of it", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const plan = canaryPlan();
  const actions = builtActions();
  const key = (a: { filename: string; name: string }) => `${a.filename}#${a.name}`;
  const planned = new Map(plan.map((p) => [key(p), p]));
  // The build and the code name the same actions: none without canaries, no canaries for nothing.
  expect(actions.filter((a) => !planned.has(key(a))).map(key), "built actions without a plan").toEqual([]);
  expect(
    plan.filter((p) => !actions.some((a) => key(a) === key(p))).map(key),
    "planned actions the build lacks",
  ).toEqual([]);

  const admin = await playwright.request.newContext({ baseURL, storageState: storageState("admin") });
  mkdirSync(path.dirname(witness), { recursive: true });
  const problems: string[] = [];
  let sent = 0;
  for (const action of actions) {
    for (const c of planned.get(key(action))!.cases) {
      // Witnessed before it is sent: whatever happens next, the scan looks for it.
      appendFileSync(witness, c.canaries.map((k) => `${k.value}\t${action.name}\t${k.at}\n`).join(""));
      const { status, text } = await postAction(admin, action, c.input);
      sent += c.canaries.length;
      const code = refusalCode(text);
      if (status !== 200 || code !== "VALIDATION")
        problems.push(`${action.name} (${c.label}): HTTP ${status}, ${code ?? text.slice(0, 160)}`);
      const quoted = c.canaries.filter((k) => text.includes(k.value)).map((k) => k.at);
      if (quoted.length > 0) problems.push(`${action.name} (${c.label}): the answer quotes ${quoted.join(", ")}`);
    }
  }
  expect(problems).toEqual([]);
  expect(sent).toBeGreaterThan(actions.length);

  // What a reviewer sees of a refused password change: which fields failed and why, nothing typed.
  const change = await newestRecord(admin, "account.change-password");
  expect(change).toMatchObject({ errorCode: "VALIDATION", input: { refused: { fields: expect.any(Object) } } });
  expect(Object.keys(change!.input as object)).toEqual(["refused"]);
  await admin.dispose();
});

test("[SEC][canaries] a password typed into the sign-in e-mail box is refused and kept nowhere", async ({
  playwright,
  baseURL,
}) => {
  const stranger = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const email = `cnrysigninemail${run}`;
  const password = `cnrysigninpassword${run}`;
  appendFileSync(witness, `${email}\tsign-in\temail\n${password}\tsign-in\tpassword\n`);
  expect(await postCredentials(stranger, { email, password })).toBe("INVALID_CREDENTIALS");
  await stranger.dispose();
});
