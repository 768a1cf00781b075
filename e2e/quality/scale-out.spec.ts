import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import pg from "pg";
import { e2ePaths } from "../../scripts/setup.mjs";
import { anonymousContext, formError } from "../fixtures/auth";
import { expectAccessible } from "../fixtures/axe";
import { rpc } from "../fixtures/chain";
import { startConsoleInstance, scratchDatabase, type ConsoleInstance } from "../fixtures/instances";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { sandboxEventIds, sandboxEvents, sandboxRules, webhookByRole } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { addStaffUser, signedInPage } from "../fixtures/staff";
import { openEnter, previewEnter } from "../fixtures/yield";

/**
 * Scale-out: two console instances, on two ports, sharing one PostgreSQL database and nothing else
 * (each has its own data directory; they share the secrets a deployment gives every instance and
 * the export folder docs/operating.md says must be shared). What one instance does, the other sees: a
 * sign-in lock counted on one holds on the other, a session ended on one is ended on the other,
 * and a yield run and an export started on one are finished by the other when the first is killed
 * (SIGKILL, no shutdown) in the middle of them.
 */
const ADMIN = { email: "scale-admin@e2e.test", password: "scale-admin-password-1" };
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 10;
const DATA = `${e2ePaths().instances}/scale-out`;

test.describe.configure({ mode: "serial", timeout: 300_000 });

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let a: ConsoleInstance;
let b: ConsoleInstance;
let shared: Record<string, string>;
/** How long an instance may take to shut down on SIGTERM (docs/operating.md, "Shutdown"). */
const SHUTDOWN_TIMEOUT_MS = 15_000;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  rmSync(DATA, { recursive: true, force: true });
  database = await scratchDatabase("console_scale_out");
  shared = {
    DATABASE_URL: database.url,
    // What a deployment gives every instance alike (docs/operating.md, "Several instances").
    AUTH_SECRET: randomBytes(48).toString("base64url"),
    CONSOLE_VAULT_KEY: randomBytes(32).toString("base64"),
    CONSOLE_EXPORT_DIR: `${DATA}/shared-exports`,
    CONSOLE_EXPORT_ARCHIVE_DIR: `${DATA}/export-archive`,
    CONSOLE_ADMIN_EMAIL: ADMIN.email,
    CONSOLE_ADMIN_PASSWORD: ADMIN.password,
    CONSOLE_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    // A killed instance's runs are taken over after the lease lapses: 10 s here instead of 30 s, the
    // same mechanism (docs/operating.md, "Several instances"), so the journey waits a third as long.
    CONSOLE_JOB_LEASE_SECONDS: "10",
  };
  // One after the other: the first migrates the database and creates the first admin.
  a = await startConsoleInstance({ name: "a", port: BASE_PORT, dataDir: `${DATA}/a`, env: shared });
  b = await startConsoleInstance({ name: "b", port: BASE_PORT + 1, dataDir: `${DATA}/b`, env: shared });
});

test.afterAll(async () => {
  await sandboxRules([]);
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

async function attemptSignIn(page: Page, origin: string, user: { email: string; password: string }) {
  await page.goto(`${origin}/signin`);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("[SCALE][sessions] a lock counted on one instance holds on the other; a session ended on one ends on the other", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, ADMIN, "/", a.origin);
  const support = await addStaffUser(admin.page, "support", "scale-support");
  const locked = await addStaffUser(admin.page, "compliance", "scale-locked");

  // Disabled on A while signed in on B: B refuses the very next request.
  const user = await signedInPage(browser, support, "/", b.origin);
  await user.page.goto(`${b.origin}/clients`);
  await expect(user.page.getByRole("heading", { level: 1, name: /clients/i })).toBeVisible();
  await admin.page.goto(`${a.origin}/users`);
  await admin.page
    .getByRole("row", { name: new RegExp(support.email) })
    .getByRole("button", { name: "Disable" })
    .click();
  await admin.page
    .getByRole("alertdialog", { name: `Disable ${support.email}?` })
    .getByRole("button", { name: "Disable account" })
    .click();
  await expect(admin.page.getByRole("row", { name: new RegExp(support.email) })).toContainText("Disabled");
  await user.page.goto(`${b.origin}/clients`);
  await expect(user.page).toHaveURL(/\/signin/);
  expect((await user.page.request.get(`${b.origin}/api/clients`)).status()).toBe(401);

  // Five wrong passwords on A lock the account; on B the right password is refused for the lock.
  const guesser = await (await anonymousContext(browser)).newPage();
  for (let i = 0; i < 5; i++) {
    await attemptSignIn(guesser, a.origin, { email: locked.email, password: `wrong-password-${i}` });
    await expect(formError(guesser)).toHaveText(/Wrong e-mail or password|Too many failed attempts/);
  }
  await attemptSignIn(guesser, b.origin, locked);
  await expect(formError(guesser)).toHaveText(/Too many failed attempts/);
  expect(new URL(guesser.url()).pathname).toBe("/signin");

  // The admin signed in on both; signing out on B ends the session on A as well.
  const elsewhere = await signedInPage(browser, ADMIN, "/", b.origin);
  await elsewhere.page.getByRole("button", { name: "Sign out" }).click();
  await elsewhere.page.waitForURL(/\/signin/);
  await admin.page.goto(`${a.origin}/clients`);
  await expect(admin.page).toHaveURL(/\/signin/);

  for (const c of [admin.context, user.context, elsewhere.context, guesser.context()]) await c.close();
});

/**
 * A yield run and an export started on `from`, which then stops in the middle of both (SIGKILL: it
 * dies; SIGTERM: it hands them back), are finished by `to`: each step's transaction exactly once on
 * the chain, the export's file exactly the sandbox's rows. Returns how `from` ended.
 */
async function takeover(
  browser: Browser,
  from: ConsoleInstance,
  to: ConsoleInstance,
  stop: (instance: ConsoleInstance) => Promise<unknown>,
): Promise<unknown> {
  const { context, page } = await signedInPage(browser, ADMIN, "/", from.origin);

  // A test client with wallets, and a two-step yield run previewed on `from`.
  const clientId = await createTestClientWithWallets(page);
  const enter = await openEnter(page, clientId, "USDC", "lending", { origin: from.origin });
  await previewEnter(page, enter, "10", "USDC");
  const runPath = new URL(page.url()).pathname;

  // The run's first report to the provider is held for 30 s, so `from` stops in the middle of a step.
  await sandboxRules([{ path: "/transactions/[^/]+/submit-hash", latencyMs: 30_000, times: 1 }]);
  await page.getByRole("button", { name: "Start: sign and send" }).click();
  const firstStep = page.getByTestId("run-step").first();
  await expect(firstStep).toHaveAttribute("data-phase", "reporting", { timeout: 60_000 });

  // An export on `from`, its events pages slowed so that it stops with part of it written.
  await sandboxRules([
    { path: "/transactions/[^/]+/submit-hash", latencyMs: 30_000 },
    { path: "/alerts/webhooks/[^/]+/events", latencyMs: 1_000 },
  ]);
  const accepting = await webhookByRole("accepting");
  const alerts = await context.newPage();
  await alerts.goto(`/alerts/${accepting.id}?status=success`);
  await alerts
    .getByRole("group", { name: "Event actions" })
    .getByRole("button", { name: /^Export / })
    .click();
  const panel = alerts.getByRole("dialog", { name: "Export for compliance" });
  await panel.getByRole("button", { name: /^Export / }).click();
  const exportRun = panel.getByTestId("export-run").first();
  await expect(exportRun).toHaveAttribute("data-status", "running", { timeout: 30_000 });
  const exportId = (await exportRun.getAttribute("data-run-id"))!;
  const job = async (origin: string, id: string) =>
    (await (await context.request.get(`${origin}/api/jobs/${id}`)).json()) as {
      status: string;
      done: number;
      total: number | null;
    };
  // Both are under way on `from` when it stops: the run inside its first step, part of the export
  // written and part still to read (an export that has read every row is only finishing its file). The
  // stop follows the reading that saw it so. The export plans first (counting requests, 1 s each here).
  await expect(page.getByTestId("run-status")).toHaveText("running");
  await expect
    .poll(
      async () => {
        const e = await job(from.origin, exportId);
        return e.status === "running" && e.done > 0 && (e.total === null || e.done < e.total);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const ended = await stop(from);
  await sandboxRules([]);

  // `to` finishes both: at once after a SIGTERM (the runs were handed back), after the lease lapses after a SIGKILL.
  const onB = await context.newPage();
  await onB.goto(`${to.origin}${runPath}`);
  await expect(onB.getByTestId("run-status")).toHaveText("succeeded", { timeout: 120_000 });
  const cards = onB.getByTestId("run-step");
  await expect(cards).toHaveCount(2);
  for (let i = 0; i < 2; i++) await expect(cards.nth(i)).toHaveAttribute("data-phase", "confirmed");
  const hashes = await cards
    .getByTestId("step-transaction")
    .evaluateAll((spans) => spans.map((s) => s.getAttribute("title") as string));
  expect(new Set(hashes).size).toBe(2);
  for (const hash of hashes)
    expect((await rpc<{ status: string }>("eth_getTransactionReceipt", [hash])).status).toBe("0x1");
  // Exactly once: the client's account sent exactly the run's two transactions, none twice.
  const sender = (await rpc<{ from: string }>("eth_getTransactionByHash", [hashes[0]])).from;
  expect(Number(await rpc<string>("eth_getTransactionCount", [sender, "latest"]))).toBe(2);

  await expect.poll(async () => (await job(to.origin, exportId)).status, { timeout: 120_000 }).toBe("succeeded");
  const manifest = (await (
    await context.request.get(`${to.origin}/api/alerts/exports/${exportId}/manifest`)
  ).json()) as {
    rows: number;
    range: { until: string };
    file: { sha256: string; bytes: number };
  };
  const file = await (await context.request.get(`${to.origin}/api/alerts/exports/${exportId}/file`)).body();
  expect(file.length).toBe(manifest.file.bytes);
  expect(createHash("sha256").update(file).digest("hex")).toBe(manifest.file.sha256);
  const until = String(Date.parse(manifest.range.until) / 1000);
  const truth = await sandboxEventIds(accepting.id, { deliveryStatuses: "success", until });
  expect(manifest.rows).toBe(truth.length);
  const records = parse(file, { columns: true, skip_empty_lines: true }) as { id: string }[];
  expect(records.map((r) => r.id).sort()).toEqual([...truth].sort());
  await context.close();
  return ended;
}

test("[SCALE][schedules] a schedule saved on one instance runs once for the day just ended while both instances look; the manifest and the archive agree with the sandbox", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, ADMIN, "/", a.origin);
  const reviewer = await addStaffUser(admin.page, "compliance", "scale-schedules");
  await admin.context.close();
  const { context, page } = await signedInPage(browser, reviewer, "/", a.origin);
  const accepting = await webhookByRole("accepting");
  await page.goto(`${a.origin}/alerts/${accepting.id}?status=success`);
  await page
    .getByRole("group", { name: "Event actions" })
    .getByRole("button", { name: /^Export / })
    .click();
  const repeat = page
    .getByRole("dialog", { name: "Export for compliance" })
    .getByRole("form", { name: "Repeat this export" });
  await repeat.getByLabel("Every").selectOption("daily");
  await repeat.getByLabel("Time zone of the periods").fill("UTC");
  await expect(repeat.getByLabel("Also export the period that has just ended, now")).toBeChecked();
  await repeat.getByRole("button", { name: "Save schedule" }).click();
  await expect(repeat.getByRole("status")).toContainText("Saved: the first run covers");

  // A looks at once on saving, both every 30 s; B shows the one run of yesterday (UTC) once it has finished.
  const onB = await context.newPage();
  await onB.goto(`${b.origin}/alerts/schedules`);
  const schedule = onB.getByTestId("schedule");
  await expect(schedule).toHaveCount(1);
  await expect(schedule.getByTestId("schedule-run-status")).toHaveAttribute("data-status", "succeeded", {
    timeout: 120_000,
  });
  await expectAccessible(onB);
  await screens(onB, "alerts-schedules", async () => {
    await expect(schedule).toBeVisible();
  });
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const yesterday = today - 86_400_000;
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const claims = await db.query(
      "select r.schedule_id, r.period_start, r.job_run_id, r.claimed_at, s.created_at from export_schedule_runs r join export_schedules s on s.id = r.schedule_id",
    );
    expect(claims.rows.map((r: { period_start: Date }) => r.period_start.toISOString())).toEqual([
      new Date(yesterday).toISOString(),
    ]);
    // "Now": claimed as it was saved, not at a look up to 30 s later.
    const { claimed_at, created_at } = claims.rows[0] as { claimed_at: Date; created_at: Date };
    expect(claimed_at.getTime() - created_at.getTime()).toBeLessThan(10_000);
    const runs = await db.query(
      "select id from job_runs where kind = 'alerts.export' and singleton_key like 'schedule:%'",
    );
    expect(runs.rows.map((r: { id: string }) => r.id)).toEqual([claims.rows[0].job_run_id]);
    const runId = runs.rows[0].id as string;
    const manifest = (await (await context.request.get(`${b.origin}/api/alerts/exports/${runId}/manifest`)).json()) as {
      rows: number;
      file: { name: string; sha256: string };
      schedule: { period: { start: string; end: string }; catchUp: boolean };
    };
    expect(manifest.schedule).toMatchObject({
      period: { start: new Date(yesterday).toISOString(), end: new Date(today).toISOString() },
      // Asked for when the schedule was saved: on time, not caught up after downtime.
      catchUp: false,
    });
    // The sandbox's own successful events of that day, read page by page and held to the exact instants.
    const truth: string[] = [];
    let cursor: string | null = null;
    do {
      const events = await sandboxEvents(accepting.id, {
        deliveryStatuses: "success",
        since: String(yesterday / 1000 - 1),
        until: String(today / 1000 + 1),
        limit: "1000",
        ...(cursor ? { cursor } : {}),
      });
      for (const e of events.data)
        if (Date.parse(e.createdAt) >= yesterday && Date.parse(e.createdAt) < today) truth.push(e.id);
      cursor = events.data.length > 0 ? events.metadata.cursor : null;
    } while (cursor);
    expect(manifest.rows).toBe(truth.length);
    // The archive both instances were given holds the file and its manifest, byte for byte.
    const folder = `${shared.CONSOLE_EXPORT_ARCHIVE_DIR}/${claims.rows[0].schedule_id as string}`;
    expect(readdirSync(folder).sort()).toEqual([manifest.file.name, `${manifest.file.name}.manifest.json`]);
    expect(
      createHash("sha256")
        .update(readFileSync(`${folder}/${manifest.file.name}`))
        .digest("hex"),
    ).toBe(manifest.file.sha256);
  } finally {
    await db.end();
  }
  await context.close();
});

test("[SCALE][sigterm] a yield run and an export under way on an instance stopped with SIGTERM are handed back and finished by the other; it exits 0 in time", async ({
  browser,
}) => {
  const ended = (await takeover(browser, b, a, (instance) => instance.terminate())) as Awaited<
    ReturnType<ConsoleInstance["terminate"]>
  >;
  expect(ended).toMatchObject({ code: 0, signal: null });
  expect(ended.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 2_000);
  // B again, for the next journey.
  b = await startConsoleInstance({ name: "b", port: BASE_PORT + 1, dataDir: `${DATA}/b`, env: shared });
});

test("[SCALE][takeover] a yield run and an export started on one instance are finished by the other when it is killed", async ({
  browser,
}) => {
  await takeover(browser, a, b, (instance) => instance.kill());
});
