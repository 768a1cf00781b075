import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { callAction, interceptAction } from "../fixtures/actions";
import { auditRows, recordDrawer } from "../fixtures/audit";
import { expectAccessible } from "../fixtures/axe";
import { sandboxEventIds, sandboxEvents, sandboxRules, webhookByRole } from "../fixtures/sandbox-api";
import { screens, keepShot } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

const exportButton = (page: Page) =>
  page.getByRole("group", { name: "Event actions" }).getByRole("button", { name: /^Export / });
/** Opens the export dialog from the table's toolbar. */
async function openExport(page: Page) {
  await exportButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Export for compliance" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The export run the next click adds to the list: one whose id is not listed yet. */
async function nextExportRun(panel: Locator) {
  const known = await panel
    .getByTestId("export-run")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-run-id")));
  return panel.locator(["[data-testid=export-run]", ...known.map((id) => `:not([data-run-id="${id}"])`)].join(""));
}

interface Manifest {
  rows: number;
  format: string;
  file: { name: string; sha256: string; bytes: number };
  range: { from: string | null; until: string };
  filters: { statuses: string[]; chains: string[] };
  oldestEventAt: string;
  newestEventAt: string;
  generatedBy: { email: string };
}

test.describe("[ALERTS] compliance export", () => {
  test("[ALERTS][export] the whole filtered set as CSV: it parses, and matches its manifest and the sandbox", async ({
    page,
  }) => {
    const accepting = await webhookByRole("accepting");
    await page.goto(`/alerts/${accepting.id}?status=success`);
    const panel = await openExport(page);
    const run = await nextExportRun(panel);
    await panel.getByRole("button", { name: /^Export / }).click();
    await expect(run).toHaveAttribute("data-status", "succeeded", { timeout: 90_000 });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      run.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const file = readFileSync((await download.path())!);
    const manifestUrl = (await run.getByRole("link", { name: "Manifest" }).getAttribute("href"))!;
    const manifest = (await (await page.request.get(manifestUrl)).json()) as Manifest;

    // The file is the one the manifest names, byte for byte, and an independent CSV parser reads it.
    expect(download.suggestedFilename()).toBe(manifest.file.name);
    expect(file.length).toBe(manifest.file.bytes);
    expect(createHash("sha256").update(file).digest("hex")).toBe(manifest.file.sha256);
    const records = parse(file, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(records.length).toBe(manifest.rows);
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    expect(records.filter((r) => r.deliveryStatus !== "success")).toEqual([]);

    // Every event the sandbox holds in the range the manifest states, and not one more: a few thousand,
    // compared id for id (the sandbox paged with its own cursor).
    expect(manifest.range.from).toBeNull();
    const until = String(Date.parse(manifest.range.until) / 1000);
    const truth = await sandboxEventIds(accepting.id, { deliveryStatuses: "success", until });
    expect(manifest.rows).toBe(truth.length);
    expect(manifest.rows).toBeGreaterThan(1000);
    expect(records.map((r) => r.id).sort()).toEqual([...truth].sort());
    expect(records[0]!.id).toBe(truth[0]);
    expect(manifest).toMatchObject({
      format: "csv",
      filters: { statuses: ["success"] },
      generatedBy: { email: expect.stringContaining("compliance") },
    });
    // Times carry an explicit offset.
    expect(manifest.newestEventAt).toMatch(/(Z|[+-]\d\d:\d\d)$/);
    expect(records[0]!.createdAt).toMatch(/(Z|[+-]\d\d:\d\d)$/);

    // The page shows the same count and hash.
    await expect(run.getByTestId("export-rows")).toContainText(manifest.rows.toLocaleString("en"));
    await expect(run.getByTestId("export-sha256")).toHaveText(`${manifest.file.sha256.slice(0, 16)}…`);
  });

  test("[ALERTS][export-access] a developer cannot export (the server refuses); a double start is one job", async ({
    page,
    browser,
  }) => {
    const failing = await webhookByRole("failing");
    await page.goto(`/alerts/${failing.id}?status=failed`);
    // The request the button sends, stopped before it reaches the server.
    const start = await interceptAction(page, async () =>
      (await openExport(page)).getByRole("button", { name: /^Export / }).click(),
    );
    const input = { webhookId: failing.id, filters: "status=failed", format: "ndjson" };

    const developer = await browser.newContext({ storageState: storageState("developer") });
    const devPage = await developer.newPage();
    await devPage.goto(`/alerts/${failing.id}`);
    await expect(devPage.getByTestId("events-count")).toBeVisible();
    await expect(exportButton(devPage)).toHaveCount(0);
    const refused = await callAction(devPage.request, start, input);
    expect(refused.text).toContain('"code":"FORBIDDEN"');
    expect((await devPage.request.get(`/api/alerts/exports?webhookId=${failing.id}`)).status()).toBe(403);
    await developer.close();

    // Two starts of the same export while it runs: one run.
    const [first, second] = await Promise.all([
      callAction(page.request, start, input),
      callAction(page.request, start, input),
    ]);
    const runId = (text: string) => /"id":"([0-9a-f-]{36})"/.exec(text)?.[1];
    expect(runId(first.text)).toBeDefined();
    expect(runId(second.text)).toBe(runId(first.text));
  });
});

test.describe("[ALERTS] replay all failed", () => {
  test.afterEach(async () => sandboxRules([]));

  test("[ALERTS][replay-all] a dry run counts and samples; above the threshold a typed confirmation; Cancel stops the job", async ({
    page,
  }) => {
    const failing = await webhookByRole("failing");
    await page.goto(`/alerts/${failing.id}?status=failed`);
    // Each replay call takes a while, so the run is still going when Cancel is pressed.
    await sandboxRules([{ path: "/events/failed/replay", latencyMs: 1500 }]);
    await page.getByRole("button", { name: /^Replay all failed events/ }).click();
    const dialog = page.getByRole("dialog", { name: "Replay all failed events matching these filters" });
    await expect(dialog.getByTestId("replay-all-count")).toContainText("failed events");
    const count = Number(
      (await dialog.getByTestId("replay-all-count").locator("strong").textContent())!.replace(/,/g, ""),
    );
    // The sandbox's own count of failed events now (the dry run pinned its range a moment ago).
    const now = (await sandboxEvents(failing.id, { deliveryStatuses: "failed", limit: "1" })).metadata.total;
    expect(count).toBeGreaterThan(500);
    expect(count).toBeLessThanOrEqual(now);
    await expect(dialog.getByRole("list", { name: "Sample" }).getByRole("listitem")).toHaveCount(20);

    const replay = dialog.getByRole("button", { name: `Replay ${count.toLocaleString("en")} events` });
    await expect(replay).toBeDisabled();
    await dialog.getByLabel(`Type REPLAY ${count} to confirm`).fill("REPLAY 1");
    await expect(replay).toBeDisabled();
    await dialog.getByLabel(`Type REPLAY ${count} to confirm`).fill(`REPLAY ${count}`);
    await replay.click();
    await expect(dialog).toHaveCount(0);

    const run = page.getByTestId("replay-all-run");
    await expect(run.getByRole("status", { name: "Replay of all failed events" })).toContainText(/queued/, {
      timeout: 20_000,
    });
    await run.getByRole("button", { name: "Cancel" }).click();
    await expect(run).toHaveAttribute("data-status", "cancelled", { timeout: 20_000 });
    const outcome = run.getByTestId("replay-all-outcome");
    await expect(outcome).toContainText(/Cancelled after [\d,]+ events/);
    const sent = Number(/Cancelled after ([\d,]+)/.exec((await outcome.textContent())!)![1]!.replace(/,/g, ""));
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(count);
  });

  test("[ALERTS][replay-all-done] below the threshold no confirmation; the counts add up to the dry run's and are audited", async ({
    page,
  }) => {
    const failing = await webhookByRole("failing");
    await page.goto(`/alerts/${failing.id}?status=failed&chains=eip155:10`);
    await page.getByRole("button", { name: /^Replay all failed events/ }).click();
    const dialog = page.getByRole("dialog", { name: "Replay all failed events matching these filters" });
    const counted = dialog.getByTestId("replay-all-count").locator("strong");
    await expect(counted).toBeVisible();
    const count = Number((await counted.textContent())!.replace(/,/g, ""));
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(500);
    await expect(dialog.getByLabel(/^Type REPLAY/)).toHaveCount(0);
    await dialog.getByRole("button", { name: `Replay ${count.toLocaleString("en")} events` }).click();

    const run = page.getByTestId("replay-all-run");
    await expect(run).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
    const text = (await run.getByTestId("replay-all-outcome").textContent())!;
    const [queued, refused] = [/([\d,]+) queued/, /([\d,]+) refused/].map((re) =>
      Number(re.exec(text)![1]!.replace(/,/g, "")),
    );
    expect(queued! + refused!).toBe(count);
    expect(queued).toBeGreaterThan(0);
    // The run followed each queued event to its new outcome: the failing receiver answers 500, so all failed again.
    await expect(run.getByTestId("replay-all-receipts")).toContainText(
      `0 delivered, ${queued!.toLocaleString("en")} failed again, 0 still pending`,
    );
    await run.getByRole("link", { name: "See the receipts" }).click();
    await expect(page.getByTestId("receipts-total")).toHaveText(count.toLocaleString("en"));
    await expect(page.getByTestId("receipts-failed")).toHaveText(queued!.toLocaleString("en"));

    // One audit record of the whole run, with its counts.
    await page.goto("/audit?action=alerts.replay-all");
    const record = auditRows(page).first();
    await expect(record).toContainText("alerts.replay-all");
    await expect(record).toContainText(failing.id);
    await record.getByRole("button", { name: /^Details of record/ }).click();
    const input = JSON.parse((await recordDrawer(page).getByTestId("record-input").textContent())!) as Record<
      string,
      unknown
    >;
    expect(input).toMatchObject({
      queued,
      refused,
      sent: count,
      filters: { statuses: ["failed"], chains: ["eip155:10"] },
    });
  });
});

test.describe("[ALERTS] accessibility and screens", () => {
  test("[A11Y][alerts] the webhooks page and an events page with its export and replay controls, at both widths", async ({
    page,
  }) => {
    await page.goto("/alerts");
    await expect(page.getByRole("table", { name: "Alert webhooks" })).toBeVisible();
    await expectAccessible(page);
    await screens(page, "alerts-webhooks");

    const failing = await webhookByRole("failing");
    await page.goto(`/alerts/${failing.id}?status=failed`);
    const ready = async () => {
      await expect(page.getByTestId("event-row").first()).toBeVisible();
      await expect(exportButton(page)).toBeVisible();
    };
    await ready();
    await expectAccessible(page);
    await screens(page, "alerts-events", ready);
    await page.getByRole("button", { name: /^Replay all failed events/ }).click();
    await expect(page.getByTestId("replay-all-count")).toBeVisible();
    await expectAccessible(page);
    await keepShot(page, ".data/screens/alerts-replay-all-dialog.png");
  });
});
