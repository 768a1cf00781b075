import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Locator } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { e2ePaths } from "../../scripts/setup.mjs";
import { rpc } from "../fixtures/chain";
import { CRASH_IN_LOG, endsWithContent } from "../fixtures/faults";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { sandboxEventIds, sandboxGet, sandboxRules, webhookByRole } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";

/**
 * The full fault run (`npm run bench`, bench/faults.bench.ts; not part of `npm test`): about one
 * request in ten to the upstream's API and the chain's gateway fails — a 500, a 200 whose JSON is
 * cut off, or a connection dropped with no answer, drawn per request — while a staff member works:
 * every page read several times, an export, a replay of all failed events and a yield run. Every page
 * ends with its content or a Retry that leads to it; the export has exactly the sandbox's rows and the
 * hash its manifest states; the replay's counts add up to its dry run; the yield run ends with each
 * transaction on the chain exactly once; the console's log has no unhandled rejection. The truth is
 * read from the sandbox with the faults off. Figures go to .data/bench/faults-full.json.
 */
test.use({ storageState: storageState("admin") });
test.describe.configure({ mode: "serial", timeout: 600_000 });

const FAULTS = [
  { path: "^/(api|rpc)/", fault: "500" as const, rate: 0.04 },
  { path: "^/(api|rpc)/", fault: "malformed" as const, rate: 0.03 },
  { path: "^/(api|rpc)/", fault: "reset" as const, rate: 0.03 },
];
const ROUNDS = Number(process.env.FAULTS_ROUNDS ?? 5);
const SEPOLIA = "eip155:11155111";
const figures: Record<string, unknown> = {};
let logBefore = 0;

test.beforeAll(async () => {
  logBefore = readFileSync(e2ePaths().consoleLog, "utf8").length;
});
test.afterEach(async () => sandboxRules([]));
test.afterAll(async () => {
  const log = readFileSync(e2ePaths().consoleLog, "utf8").slice(logBefore);
  figures.crashesInLog = (log.match(new RegExp(CRASH_IN_LOG.source, "gi")) ?? []).length;
  // Every failed upstream attempt is a warning of the console's upstream client: the faults were met.
  figures.upstreamFailuresMet = (log.match(/"level":40[^\n]*"msg":"upstream request"/g) ?? []).length;
  mkdirSync(".data/bench", { recursive: true });
  writeFileSync(".data/bench/faults-full.json", JSON.stringify(figures, null, 2));
  expect(figures.crashesInLog).toBe(0);
});

/** Does `act` until `done` shows, the way a person presses a button again after an error. */
async function untilDone(act: () => Promise<void>, done: Locator, timeout = 20_000): Promise<number> {
  let tries = 0;
  await expect(async () => {
    tries++;
    await act();
    await expect(done).toBeVisible({ timeout });
  }).toPass({ timeout: 180_000 });
  return tries;
}

test("[FAULTS][pages] every page, read again and again, ends with its content", async ({ page }) => {
  const [client] = (await sandboxGet<{ results: { id: string }[] }>("/api/v3/custodians/me/clients?take=1")).results;
  const accepting = await webhookByRole("accepting");
  const pages = [
    { url: "/", heading: /overview/i },
    { url: "/clients", heading: /clients/i },
    { url: `/clients/${client!.id}`, heading: new RegExp(client!.id) },
    { url: `/clients/${client!.id}?tab=timeline`, heading: new RegExp(client!.id) },
    { url: `/clients/${client!.id}?tab=eject`, heading: new RegExp(client!.id) },
    { url: "/alerts", heading: /alert/i },
    { url: `/alerts/${accepting.id}`, heading: /events/i },
    { url: `/alerts/${accepting.id}?status=failed`, heading: /events/i },
    { url: "/alerts/tools", heading: /legacy alert tools/i },
    { url: "/gas", heading: /gas/i },
    { url: "/yield", heading: /yield/i },
    { url: "/approvals", heading: /approvals/i },
    { url: "/audit", heading: /audit/i },
    { url: "/users", heading: /users/i },
  ];
  await sandboxRules(FAULTS);
  let visits = 0;
  let retries = 0;
  for (let round = 0; round < ROUNDS; round++)
    for (const { url, heading } of pages) {
      await page.goto(url);
      retries += await endsWithContent(page, heading);
      visits++;
    }
  figures.pages = { distinct: pages.length, visits, endedWithContent: visits, retriesPressed: retries };
});

test("[FAULTS][export] an export under faults has exactly the sandbox's rows and its manifest's hash", async ({
  page,
}) => {
  const accepting = await webhookByRole("accepting");
  await sandboxRules(FAULTS);
  await page.goto(`/alerts/${accepting.id}?status=success`);
  await endsWithContent(page, /events/i);
  await page
    .getByRole("group", { name: "Event actions" })
    .getByRole("button", { name: /^Export / })
    .click();
  const panel = page.getByRole("dialog", { name: "Export for compliance" });
  const known = await panel
    .getByTestId("export-run")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-run-id")));
  const fresh = panel.locator(
    ["[data-testid=export-run]", ...known.map((id) => `:not([data-run-id="${id}"])`)].join(""),
  );
  const starts = await untilDone(() => panel.getByRole("button", { name: /^Export / }).click(), fresh.first());
  const run = fresh.first();
  await expect(run).toHaveAttribute("data-status", /succeeded|failed/, { timeout: 300_000 });
  await expect(run).toHaveAttribute("data-status", "succeeded");
  const id = (await run.getAttribute("data-run-id"))!;
  await sandboxRules([]);

  const manifest = (await (await page.request.get(`/api/alerts/exports/${id}/manifest`)).json()) as {
    rows: number;
    range: { until: string };
    file: { sha256: string; bytes: number };
  };
  const file = await (await page.request.get(`/api/alerts/exports/${id}/file`)).body();
  const records = parse(file, { columns: true, skip_empty_lines: true }) as { id: string }[];
  const truth = await sandboxEventIds(accepting.id, {
    deliveryStatuses: "success",
    until: String(Date.parse(manifest.range.until) / 1000),
  });
  const hashMatches = createHash("sha256").update(file).digest("hex") === manifest.file.sha256;
  figures.export = { rows: manifest.rows, sandboxRows: truth.length, hashMatches, starts };
  expect(hashMatches).toBe(true);
  expect(manifest.rows).toBe(truth.length);
  expect(records.map((r) => r.id).sort()).toEqual([...truth].sort());
});

test("[FAULTS][replay-all] a replay of all failed events under faults reports counts that add up", async ({ page }) => {
  const failing = await webhookByRole("failing");
  await sandboxRules(FAULTS);
  await page.goto(`/alerts/${failing.id}?status=failed&chains=eip155:10`);
  await endsWithContent(page, /events/i);
  const dialog = page.getByRole("dialog", { name: "Replay all failed events matching these filters" });
  const counted = dialog.getByTestId("replay-all-count").locator("strong");
  await untilDone(async () => {
    if ((await dialog.count()) > 0) await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Replay all failed events/ }).click();
  }, counted);
  const count = Number((await counted.textContent())!.replace(/,/g, ""));
  const run = page.getByTestId("replay-all-run");
  await untilDone(
    () => dialog.getByRole("button", { name: `Replay ${count.toLocaleString("en")} events` }).click(),
    run,
  );
  await expect(run).toHaveAttribute("data-status", "succeeded", { timeout: 300_000 });
  const text = (await run.getByTestId("replay-all-outcome").textContent())!;
  const number = (re: RegExp) => Number(re.exec(text)?.[1]?.replace(/,/g, "") ?? 0);
  const result = {
    dryRun: count,
    queued: number(/([\d,]+) queued/),
    refused: number(/([\d,]+) refused/),
    unconfirmed: number(/([\d,]+) sent without an answer/),
  };
  figures.replayAll = { ...result, addsUp: result.queued + result.refused + result.unconfirmed === count };
  expect(result.queued + result.refused + result.unconfirmed).toBe(count);
  // Events were queued, unless every batch's call was the one failing (then all are unconfirmed, rightly).
  expect(result.queued > 0 || result.unconfirmed === count).toBe(true);
});

test("[FAULTS][yield] a yield run under faults ends with each transaction on the chain exactly once", async ({
  page,
}) => {
  // The client and its wallets are made with the faults off: this test is about the run.
  const clientId = await createTestClientWithWallets(page);

  await sandboxRules(FAULTS);
  await page.goto(`/yield?client=${clientId}&network=${SEPOLIA}&token=USDC&type=lending`);
  const table = page.getByRole("table", { name: "Yield opportunities, by reward rate" });
  await untilDone(
    () => page.reload().then(() => undefined),
    table.locator("tbody tr").getByRole("button", { name: /^Enter / }),
  );
  const dialog = page.getByRole("dialog", { name: /^Enter / });
  const previews = await untilDone(
    async () => {
      if ((await dialog.count()) === 0) await table.getByRole("button", { name: /^Enter / }).click();
      await dialog.getByLabel("Amount (USDC)").fill("10");
      await dialog.getByRole("button", { name: "Preview transactions" }).click();
    },
    page.getByRole("button", { name: "Start: sign and send" }),
  );
  const status = page.getByTestId("run-status");
  const starts = await untilDone(
    () => page.getByRole("button", { name: "Start: sign and send" }).click(),
    page.getByTestId("run-status").getByText(/running|succeeded|failed/),
  );
  // A step that still failed after the runner's own retries is retried from the failed part.
  let retries = 0;
  await expect(async () => {
    const retry = page.getByRole("button", { name: "Retry from the failed part" });
    if ((await retry.count()) > 0) {
      await retry.click();
      retries++;
    }
    await expect(status).toHaveText("succeeded", { timeout: 10_000 });
  }).toPass({ timeout: 300_000 });
  await sandboxRules([]);

  const hashes = await page
    .getByTestId("run-step")
    .getByTestId("step-transaction")
    .evaluateAll((spans) => spans.map((s) => s.getAttribute("title") as string));
  const sender = (await rpc<{ from: string }>("eth_getTransactionByHash", [hashes[0]])).from;
  const sent = Number(await rpc<string>("eth_getTransactionCount", [sender, "latest"]));
  const receipts = await Promise.all(
    hashes.map((h) => rpc<{ status: string }>("eth_getTransactionReceipt", [h]).then((r) => r.status)),
  );
  figures.yield = { steps: hashes.length, transactionsSent: sent, previews, starts, retries };
  expect(hashes).toHaveLength(2);
  expect(receipts).toEqual(["0x1", "0x1"]);
  expect(sent).toBe(2);
});
