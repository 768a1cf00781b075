import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectAccessible } from "../fixtures/axe";
import { expectPageWithinBudget } from "../fixtures/budget";
import { sandboxEvents, webhookByRole } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

test("[ALERTS][receipts] a replay of selected events is followed to each event's new outcome: tally, list, filter in the URL, CSV with the run's id", async ({
  page,
}) => {
  // The accepting receiver answers 200: a failed event replayed to it is delivered.
  const accepting = await webhookByRole("accepting");
  await page.goto(`/alerts/${accepting.id}?status=failed`);
  const rows = page.getByTestId("event-row");
  const selected: string[] = [];
  for (const i of [0, 1]) {
    const box = rows.nth(i).getByRole("checkbox");
    await box.check();
    selected.push((await box.getAttribute("aria-label"))!.replace("Select event ", ""));
  }
  await page.getByRole("button", { name: "Replay selected (2)" }).click();
  await page
    .getByRole("alertdialog", { name: "Replay 2 failed events?" })
    .getByRole("button", { name: "Replay them" })
    .click();
  const outcome = page.getByTestId("replay-outcome");
  await expect(outcome).toContainText("2 queued for delivery");
  await outcome.getByRole("link", { name: "Follow the receipts" }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts/${accepting.id}/replays/[0-9a-f-]{36}$`));
  const runId = /replays\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // The page follows the run until every event has its outcome; then it says so.
  const receipts = page.getByTestId("receipts");
  await expect(receipts).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await expect(page.getByTestId("receipts-state")).toContainText("Followed to the end");
  await expect(page.getByTestId("receipts-total")).toHaveText("2");
  await expect(page.getByTestId("receipts-delivered")).toHaveText("2");
  await expect(page.getByTestId("receipts-failed")).toHaveText("0");

  // Each receipt against the sandbox's own record of its event, found by the transaction hash the row links.
  const table = page.getByRole("table", { name: "Replay receipts in the order sent" });
  await expect(table.locator("tbody tr")).toHaveCount(2);
  const hashes = await table
    .getByRole("link", { name: /: alerts of transaction 0x/ })
    .evaluateAll((links) => links.map((a) => (a.getAttribute("aria-label") as string).split(" ").at(-1) as string));
  expect(hashes).toHaveLength(2);
  const truth = await Promise.all(
    hashes.map(async (hash) => (await sandboxEvents(accepting.id, { transactionHash: hash, limit: "100" })).data),
  );
  for (const id of selected) {
    const event = truth.flat().find((e) => e.id === id);
    expect(event, `the sandbox lists ${id} under one of the receipts' hashes`).toBeDefined();
    expect(event!.deliveryStatus).toBe("success");
  }
  await expect(table.locator("tbody tr").filter({ hasText: "Delivered" })).toHaveCount(2);

  // The outcome filter lives in the URL.
  await page.getByRole("group", { name: "Show receipts" }).getByRole("button", { name: "Delivered 2" }).click();
  await expect(page).toHaveURL(/[?&]outcome=delivered/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Delivered 2" })).toHaveAttribute("aria-pressed", "true");
  await expect(table.locator("tbody tr")).toHaveCount(2);

  // The CSV: an independent parser reads it, every row names the run, and its digest is the one shown
  // (the one the audit log holds for the run).
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`replay-receipts-${runId}.csv`);
  const file = readFileSync((await download.path())!);
  const records = parse(file, { columns: true }) as Record<string, string>[];
  expect(records.map((r) => r.runId)).toEqual([runId, runId]);
  expect(records.map((r) => r.eventId).sort()).toEqual([...selected].sort());
  expect(records.map((r) => r.outcome)).toEqual(["delivered", "delivered"]);
  const sha = createHash("sha256").update(file).digest("hex");
  await expect(page.getByTestId("receipts-sha256")).toHaveText(`${sha.slice(0, 16)}…`);

  await expectAccessible(page);
  await expectPageWithinBudget(page, "/alerts/[webhookId]/replays/[runId]");
  await screens(page, "alerts-receipts", async () => await expect(table.locator("tbody tr").first()).toBeVisible());

  // The webhook's replays list it, linked back to these receipts.
  await page.goto(`/alerts/${accepting.id}/replays`);
  const list = page.getByRole("table", { name: "Replays of this webhook, newest first" });
  const first = list.locator("tbody tr").first();
  await expect(first).toContainText("Selected events");
  await expect(first).toContainText("2 sent: 2 delivered");
  await expectAccessible(page);
  await first.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/replays/${runId}$`));
});
