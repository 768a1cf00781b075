import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { rpcOn } from "../fixtures/chain";
import { createClientInUi, createTestClientWithWallets, generateWallets } from "../fixtures/sandbox";
import { sandboxEvents, sandboxGet, webhookByRole } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("admin") });

const rows = (page: Page) => page.getByTestId("event-row");
const note = (page: Page) => page.getByTestId("test-activity-note");
const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** The local Sepolia: a chain the sandbox runs from its start, so no journey's first use of it floods the webhooks. */
const SEPOLIA = 11155111;
const SEPOLIA_ID = `eip155:${SEPOLIA}`;

const eip155Address = async (clientId: string) =>
  (
    (
      await sandboxGet<{ metadata: { namespaces: { eip155?: { address: string } } } }>(
        `/api/v3/custodians/me/clients/${clientId}`,
      )
    ).metadata.namespaces.eip155?.address as string
  ).toLowerCase();

/**
 * The faucet's transaction to a new wallet on the local Sepolia, as the chain has it (not as any page or
 * event shows it): the one transaction since `fromBlock` with a test token's Transfer to the address.
 */
async function faucetDripTo(address: string, fromBlock: string): Promise<{ hash: string; block: number }> {
  const logs = await rpcOn<{ transactionHash: string; blockNumber: string }[]>(SEPOLIA, "eth_getLogs", [
    { fromBlock, toBlock: "latest", topics: [TRANSFER, null, `0x${"0".repeat(24)}${address.slice(2)}`] },
  ]);
  const hashes = [...new Set(logs.map((l) => l.transactionHash.toLowerCase()))];
  expect(hashes, `the faucet's transactions to ${address}`).toHaveLength(1);
  return { hash: hashes[0] as string, block: Number(logs[0]?.blockNumber) };
}

/** The rows in view, each with its transaction and whether it carries the "Test client" badge. */
async function shownRows(page: Page) {
  return rows(page).evaluateAll((els) =>
    els.map((el) => ({
      hash: (el.querySelector("[title^='0x']")?.getAttribute("title") ?? "").toLowerCase(),
      badge: el.querySelector(".test-client-badge") !== null,
    })),
  );
}

/*
 * The set under test is two blocks of the local Sepolia: the faucet's drip to an ordinary client's new
 * wallet and its drip to a test client's. Every event of those blocks is one of the two, whatever else
 * reaches the shared webhook meanwhile (a chain started by an earlier journey pays every wallet the
 * sandbox knows, and those payouts' confirmed alerts come minutes later, thousands at once: a page of the
 * newest events can hold none of this test's).
 */
test("[ALERTS][test-activity] a test client's events are marked, left out or kept alone, and the export's manifest says so", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const failing = await webhookByRole("failing");
  const head = await rpcOn<string>(SEPOLIA, "eth_blockNumber");
  // An ordinary client funded by the faucet too: its events are real, never marked.
  const other = await createClientInUi(page);
  await generateWallets(other.clientApiKey);
  const clientId = await createTestClientWithWallets(page);
  const real = await faucetDripTo(await eip155Address(other.clientId), head);
  const testDrip = await faucetDripTo(await eip155Address(clientId), head);
  expect(real.block).not.toBe(testDrip.block);
  const shown = (set: { hash: string }[]) => new Set(set.map((r) => r.hash));

  // Both drips' alerts at the failing webhook, asked of the sandbox by transaction.
  for (const drip of [real, testDrip])
    await expect
      .poll(async () => (await sandboxEvents(failing.id, { transactionHash: drip.hash })).data.length, {
        timeout: 60_000,
        message: `the alerts of ${drip.hash} at the failing webhook`,
      })
      .toBeGreaterThan(0);
  const query = `chains=${SEPOLIA_ID}&blocks=${real.block},${testDrip.block}`;

  // Include (the default): every event, the test client's marked. The first load classifies every
  // transaction of the page (none asked before): its time is noted in the report.
  const loading = Date.now();
  await page.goto(`/alerts/${failing.id}?${query}`);
  await expect(rows(page).first()).toBeVisible();
  test.info().annotations.push({ type: "first load with test clients", description: `${Date.now() - loading} ms` });
  await expect(rows(page).locator(".test-client-badge").first()).toBeVisible();
  const included = await shownRows(page);
  expect(shown(included)).toEqual(new Set([real.hash, testDrip.hash]));
  for (const row of included) expect(row.badge, row.hash).toBe(row.hash === testDrip.hash);
  await expect(note(page)).toContainText("of them test activity (marked)");
  await expectAccessible(page);
  await screens(page, "alerts-test-activity", async () => {
    await expect(rows(page).first()).toBeVisible();
  });

  // Exclude: the ordinary client's events stay, none of the test client's, and the count says how many left.
  await page.getByTestId("test-switch").getByText("Leave out", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]test=exclude/);
  await expect(note(page)).toContainText(/[1-9][\d,]* of them left out as test activity/);
  await expect(rows(page).first()).toBeVisible();
  const excluded = await shownRows(page);
  expect(shown(excluded)).toEqual(new Set([real.hash]));
  expect(excluded.filter((r) => r.badge)).toEqual([]);
  await expect(page.getByRole("list", { name: "Applied filters" })).toContainText("Test activity left out");

  // Only: nothing but the test client's, every row marked.
  await page.getByTestId("test-switch").getByText("Only", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]test=only/);
  await expect(rows(page).first()).toBeVisible();
  const only = await shownRows(page);
  expect(shown(only)).toEqual(new Set([testDrip.hash]));
  expect(only.filter((r) => !r.badge)).toEqual([]);
  await expect(note(page)).toContainText("test activity only");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The summary pages leave test activity out by default and say how much.
  await page.goto(`/alerts/${failing.id}/horizon`);
  await expect(page.getByTestId("summary-test-note")).toContainText(/left out as test activity/);
  await page.goto(`/alerts/${failing.id}/health`);
  await expect(page.getByTestId("summary-test-note")).toContainText(/left out as test activity/);
  await screens(page, "alerts-test-activity-health", async () => {
    await expect(page.getByTestId("summary-test-note")).toBeVisible();
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
  });
  // The webhooks list: the failed count without test activity, and how much it left out beside it.
  // Its counts are kept a minute (server/alerts/webhook-list.ts): one read before the test client's events
  // came (the overview at sign-in) is shown until then.
  const row = page.getByRole("row").filter({ hasText: failing.id });
  await expect(async () => {
    await page.goto("/alerts");
    await expect(row.getByTestId("summary-test-left-out")).toContainText(/[1-9][\d,]* test failures left out/, {
      timeout: 2_000,
    });
    // The watchdog's counts too: the faucet's alerts are set aside before pairing, and said.
    await expect(row.getByTestId("watchdog-test-left-out")).toContainText(/[1-9][\d,]* test alerts set aside/, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  await expectAccessible(page);
  await screens(page, "alerts-test-activity-webhooks", async () => {
    await expect(row.getByTestId("summary-test-left-out")).toBeVisible();
  });

  // An export of the set with test activity left out: its manifest (v2) says so, and the file holds none.
  await page.goto(`/alerts/${failing.id}?${query}&test=exclude`);
  await page
    .getByRole("group", { name: "Event actions" })
    .getByRole("button", { name: /^Export / })
    .click();
  const dialog = page.getByRole("dialog", { name: "Export for compliance" });
  await dialog.getByRole("radio", { name: "NDJSON" }).check();
  const known = await dialog
    .getByTestId("export-run")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-run-id")));
  const run = dialog.locator(
    ["[data-testid=export-run]", ...known.map((id) => `:not([data-run-id="${id}"])`)].join(""),
  );
  await dialog.getByRole("button", { name: /^Export / }).click();
  await expect(run).toHaveAttribute("data-status", "succeeded", { timeout: 90_000 });
  const manifestUrl = (await run.getByRole("link", { name: "Manifest" }).getAttribute("href"))!;
  const manifest = (await (await page.request.get(manifestUrl)).json()) as {
    manifestVersion: number;
    rows: number;
    oldestEventAt: string | null;
    newestEventAt: string | null;
    testActivity: { mode: string; leftOut: number };
    filters: { test?: string };
  };
  expect(manifest).toMatchObject({ manifestVersion: 2, filters: { test: "exclude" } });
  expect(manifest.testActivity.mode).toBe("exclude");
  expect(manifest.testActivity.leftOut).toBeGreaterThan(0);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    run.getByRole("link", { name: /^Download/ }).click(),
  ]);
  const lines = readFileSync((await download.path())!, "utf8")
    .split("\n")
    .filter(Boolean);
  const exported = lines.map((l) => JSON.parse(l) as { createdAt: string; transactionHashes: string[] });
  expect(exported).toHaveLength(manifest.rows);
  // The ordinary client's events, and nothing of the test client's.
  expect(exported.length).toBeGreaterThan(0);
  expect(new Set(exported.flatMap((e) => e.transactionHashes.map((h) => h.toLowerCase())))).toEqual(
    new Set([real.hash]),
  );
  const times = exported.map((e) => Date.parse(e.createdAt));
  expect(Date.parse(manifest.oldestEventAt as string)).toBe(Math.min(...times));
  expect(Date.parse(manifest.newestEventAt as string)).toBe(Math.max(...times));
});
