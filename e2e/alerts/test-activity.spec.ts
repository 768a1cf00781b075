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

/**
 * Whether a transaction touched the address, asked of the sandbox chain here (not through the console): its
 * sender, its recipient, or an ERC-20 Transfer's from or to.
 */
async function touches(chainId: string, hash: string, address: string): Promise<boolean> {
  const reference = Number(chainId.split(":")[1]);
  const tx = await rpcOn<{ from: string; to: string | null }>(reference, "eth_getTransactionByHash", [hash]);
  const receipt = await rpcOn<{ logs: { topics: string[] }[] }>(reference, "eth_getTransactionReceipt", [hash]);
  const padded = `0x${"0".repeat(24)}${address.slice(2)}`;
  return (
    tx.from.toLowerCase() === address ||
    tx.to?.toLowerCase() === address ||
    receipt.logs.some(
      (log) => log.topics[0] === TRANSFER && log.topics.slice(1).some((t) => t.toLowerCase() === padded),
    )
  );
}

/** The rows in view, each with its transaction and whether it carries the "Test client" badge. */
async function shownRows(page: Page) {
  return rows(page).evaluateAll((els) =>
    els.map((el) => ({
      hash: el.querySelector("[title^='0x']")?.getAttribute("title") ?? "",
      chain: el.textContent?.match(/eip155:\d+/)?.[0] ?? "",
      badge: el.querySelector(".test-client-badge") !== null,
    })),
  );
}

test("[ALERTS][test-activity] a test client's events are marked, left out or kept alone, and the export's manifest says so", async ({
  page,
}) => {
  test.setTimeout(330_000);
  const failing = await webhookByRole("failing");
  const from = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  // An ordinary client funded by the faucet too: its events are real, never marked.
  const other = await createClientInUi(page);
  await generateWallets(other.clientApiKey);
  const clientId = await createTestClientWithWallets(page);
  const record = await sandboxGet<{ metadata: { namespaces: { eip155?: { address: string } } } }>(
    `/api/v3/custodians/me/clients/${clientId}`,
  );
  const address = (record.metadata.namespaces.eip155?.address as string).toLowerCase();

  // The faucet's transfers to the new wallet reach the failing webhook: wait for their alerts at the sandbox.
  // Each transaction is asked of the chain once: other journeys' events pile up at the same webhook,
  // and asking them all again on every look made one look outlast the wait on a busy machine.
  const testHashes = new Set<string>();
  const asked = new Set<string>();
  await expect
    .poll(
      async () => {
        const page1 = await sandboxEvents(failing.id, { since: String(Date.parse(from) / 1000), limit: "1000" });
        for (const event of page1.data)
          for (const hash of event.transactionHashes.map((h) => h.toLowerCase())) {
            if (asked.has(hash)) continue;
            if (await touches(event.chainId, hash, address)) testHashes.add(hash);
            asked.add(hash);
          }
        return testHashes.size;
      },
      // On a busy machine the sandbox's alerts for the faucet's transfers took over a minute (both
      // attempts, in two stress runs; why is not yet found). A stopgap: the wait should be on the
      // event the sandbox waits for, not on a clock.
      { timeout: 150_000, message: "the faucet's alerts at the failing webhook" },
    )
    .toBeGreaterThan(1);

  // Include (the default): every event, the test client's marked. The first load classifies every
  // transaction of the page (none asked before): its time is noted in the report.
  const loading = Date.now();
  await page.goto(`/alerts/${failing.id}?from=${encodeURIComponent(from)}&limit=1000`);
  await expect(rows(page).first()).toBeVisible();
  test.info().annotations.push({ type: "first load with test clients", description: `${Date.now() - loading} ms` });
  await expect(rows(page).locator(".test-client-badge").first()).toBeVisible();
  const included = await shownRows(page);
  for (const row of included) expect(row.badge, row.hash).toBe(testHashes.has(row.hash.toLowerCase()));
  await expect(note(page)).toContainText("of them test activity (marked)");
  await expectAccessible(page);
  await screens(page, "alerts-test-activity", async () => {
    await expect(rows(page).first()).toBeVisible();
  });

  // Exclude: none of them, and the count says how many it left out.
  await page.getByTestId("test-switch").getByText("Leave out", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]test=exclude/);
  await expect(note(page)).toContainText(/[1-9][\d,]* of them left out as test activity/);
  await expect(rows(page).first()).toBeVisible();
  const excluded = await shownRows(page);
  // The ordinary client's events stay; none of the test client's.
  expect(excluded.length).toBeGreaterThan(0);
  expect(excluded.filter((r) => testHashes.has(r.hash.toLowerCase()))).toEqual([]);
  expect(excluded.filter((r) => r.badge)).toEqual([]);
  await expect(page.getByRole("list", { name: "Applied filters" })).toContainText("Test activity left out");

  // Only: nothing but the test client's, every row marked.
  await page.getByTestId("test-switch").getByText("Only", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]test=only/);
  await expect(rows(page).first()).toBeVisible();
  const only = await shownRows(page);
  expect(only.length).toBeGreaterThan(0);
  for (const row of only) {
    expect(testHashes.has(row.hash.toLowerCase()), row.hash).toBe(true);
    expect(row.badge).toBe(true);
  }
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
  await page.goto(`/alerts/${failing.id}?from=${encodeURIComponent(from)}&test=exclude`);
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
  expect(exported.filter((e) => e.transactionHashes.some((h) => testHashes.has(h.toLowerCase())))).toEqual([]);
  if (exported.length > 0) {
    const times = exported.map((e) => Date.parse(e.createdAt));
    expect(Date.parse(manifest.oldestEventAt as string)).toBe(Math.min(...times));
    expect(Date.parse(manifest.newestEventAt as string)).toBe(Math.max(...times));
  }
});
