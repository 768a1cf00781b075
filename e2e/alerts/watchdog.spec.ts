import { expect, test } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { rpcOn } from "../fixtures/chain";
import { sandboxEvents, webhookByRole, type SandboxEvent } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

const MIN = 60_000;
/** Blocks until confirmed × the public chain's block time (api-shapes.md §1.11), in seconds; other chains 12 × 12 s. */
const WAIT_S: Record<string, number> = {
  "eip155:11155111": 18 * 12,
  "eip155:1": 12 * 12,
  "eip155:8453": 100 * 2,
  "eip155:84532": 100 * 2,
  "eip155:137": 100 * 2,
  "eip155:80002": 100 * 2,
  "eip155:42161": 18 * 0.25,
  "eip155:10": 500 * 2,
};
const waitMs = (chainId: string) => (WAIT_S[chainId] ?? 12 * 12) * 1000;
/** Blocks until confirmed (api-shapes.md §1.11). */
const DEPTH: Record<string, number> = {
  "eip155:11155111": 18,
  "eip155:1": 12,
  "eip155:8453": 100,
  "eip155:84532": 100,
  "eip155:137": 100,
  "eip155:80002": 100,
  "eip155:42161": 18,
  "eip155:10": 500,
};

/** The day's transactions whose alerts all came in pairs, which the chain no longer has, reverted, or holds below their depth. */
async function expectedDisputes(webhookId: string, now: number) {
  const since = Math.floor((now - 24 * 60 * MIN) / 1000);
  const { data } = await sandboxEvents(webhookId, { since: String(since), limit: "1000" });
  const byHash = new Map<string, SandboxEvent[]>();
  for (const e of data) byHash.set(e.transactionHashes[0]!, [...(byHash.get(e.transactionHashes[0]!) ?? []), e]);
  const disputed: string[] = [];
  let paired = 0;
  for (const [hash, rows] of byHash) {
    const first = rows.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0]!;
    const at = Date.parse(first.createdAt);
    const firstRound = rows.filter((e) => Date.parse(e.createdAt) - at < waitMs(first.chainId) / 2).length;
    if (rows.length - firstRound < firstRound) continue;
    paired++;
    const reference = Number(first.chainId.split(":")[1]);
    const receipt = await rpcOn<{ status: string; blockNumber: string } | null>(
      reference,
      "eth_getTransactionReceipt",
      [hash],
    );
    const head = Number(await rpcOn<string>(reference, "eth_blockNumber"));
    if (!receipt || receipt.status !== "0x1" || head - Number(receipt.blockNumber) + 1 < (DEPTH[first.chainId] ?? 12))
      disputed.push(hash);
  }
  return { paired, disputed };
}

/** The sandbox's alerts of the last day, paired by transaction here: those alone ten minutes past their partner's time. */
async function expectedFindings(webhookId: string, now: number) {
  const since = Math.floor((now - 24 * 60 * MIN) / 1000) * 1000;
  const page = await sandboxEvents(webhookId, { since: String(since / 1000), limit: "1000" });
  expect(page.metadata.cursor, "one page holds a day of the seeded history").toBeNull();
  const byHash = new Map<string, SandboxEvent[]>();
  for (const e of page.data) {
    const hash = e.transactionHashes[0] as string;
    byHash.set(hash, [...(byHash.get(hash) ?? []), e]);
  }
  // A transaction's first round (one alert per transfer, within half the wait) each need a confirmed alert.
  return [...byHash.values()]
    .map((rows) => rows.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)))
    .filter((rows) => {
      const first = rows[0] as SandboxEvent;
      const at = Date.parse(first.createdAt);
      const wait = waitMs(first.chainId);
      const firstRound = rows.filter((e) => Date.parse(e.createdAt) - at < wait / 2).length;
      return rows.length - firstRound < firstRound && at - wait - 10 * MIN >= since && now - at > wait + 10 * MIN;
    })
    .map((rows) => rows[0] as SandboxEvent);
}

test("[ALERTS][watchdog] alerts whose confirmed alert never came, with what the chain says; the filter in the URL", async ({
  page,
}) => {
  const accepting = await webhookByRole("accepting");
  await page.goto("/alerts");
  const expected = await expectedFindings(accepting.id, Date.now());
  // The seeded history leaves an orphan two hours before the sandbox started.
  expect(expected.length).toBeGreaterThanOrEqual(1);
  // The webhooks page counts them.
  const row = page.getByRole("row").filter({ hasText: accepting.id });
  const s = expected.length === 1 ? "" : "s";
  const { paired, disputed } = await expectedDisputes(accepting.id, Date.now());
  const d = disputed.length;
  const counted = (words: string) => row.getByRole("link", { name: `${words} in the last day: chain watchdog` });
  await expect(counted(`${expected.length} confirmation${s} missing`)).toBeVisible();
  await expect(counted(`${d} disputed by the chain`)).toBeVisible();
  await page.goto(`/alerts/${accepting.id}`);
  await page.getByRole("link", { name: "Chain watchdog" }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts/${accepting.id}/watchdog$`));
  await expect(page.getByRole("heading", { level: 1, name: "Chain watchdog" })).toBeVisible();
  await expect(page.getByTestId("watchdog-findings")).toHaveText(String(expected.length));

  const table = page.getByRole("table", { name: "Alerts whose confirmed alert never came, newest first" });
  await expect(table.locator("tbody tr")).toHaveCount(expected.length);
  const newest = [...expected].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const shown = await table
    .locator("tbody tr [title^='0x']")
    .evaluateAll((els) => els.map((e) => e.getAttribute("title")));
  expect(shown).toEqual(newest.map((e) => e.transactionHashes[0]));
  // (Newest first: transactions seen at the same millisecond would be a tie; the seeded ones never are.)

  // What the page says of each transaction is what the chain's gateway says.
  let missing = 0;
  for (const [i, e] of newest.entries()) {
    const reference = Number(e.chainId.split(":")[1]);
    const receipt = await rpcOn<{ status: string } | null>(reference, "eth_getTransactionReceipt", [
      e.transactionHashes[0],
    ]);
    const cell = table.locator("tbody tr").nth(i);
    if (receipt === null) missing++;
    if (receipt === null) await expect(cell).toContainText("not on the chain");
    else await expect(cell).toContainText(receipt.status === "0x1" ? "mined" : "mined, reverted");
  }
  await expect(page.getByTestId("watchdog-missing")).toHaveText(String(missing));

  // The filter lives in the URL.
  await page
    .getByRole("group", { name: "Show" })
    .getByRole("button", { name: /^Not on the chain/ })
    .click();
  await expect(page).toHaveURL(/[?&]show=missing/);
  await page.reload();
  await expect(page.getByRole("button", { name: /^Not on the chain/ })).toHaveAttribute("aria-pressed", "true");
  await expect(table.locator("tbody tr")).toHaveCount(missing);
  await page.getByRole("button", { name: /^On the chain/ }).click();
  if (missing === newest.length) await expect(page.getByText("Every alert has its partner")).toBeVisible();
  else await expect(table.locator("tbody tr")).toHaveCount(newest.length - missing);

  // The day's confirmed transactions are asked of the chain too: the seeded history holds one that a
  // reorganisation removed after its confirmed alert came (sandbox/README.md).
  expect(disputed.length).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("confirmed-checks")).toContainText(
    `all ${paired.toLocaleString("en")} asked of the chain`,
  );
  await expect(page.getByTestId("confirmed-checks")).toContainText(`${disputed.length} the chain disagrees with`);
  const disputes = page.getByRole("table", { name: "Confirmed transactions the chain disagrees with, newest first" });
  const listed = await disputes
    .locator("tbody tr [title^='0x']")
    .evaluateAll((els) => els.map((e) => e.getAttribute("title")));
  expect([...listed].sort()).toEqual([...disputed].sort());
  await expect(disputes.locator("tbody tr").first()).toContainText("no longer on the chain");

  // A finding links to the alerts of its transaction.
  await page.getByRole("button", { name: /^All/ }).click();
  const hash = newest[0]?.transactionHashes[0] as string;
  await table.getByRole("link", { name: new RegExp(`alerts of transaction ${hash}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts/${accepting.id}\\?hash=${hash}`));
  await expect(page.getByTestId("event-row")).toHaveCount(1);

  await page.goto(`/alerts/${accepting.id}/watchdog`);
  const ready = async () => await expect(table.locator("tbody tr").first()).toBeVisible();
  await ready();
  // The browser is in UTC: nothing to choose, so the zone is said, not offered as a radio group of one.
  await expect(page.getByTestId("zone")).toHaveText("Times in UTC");
  await expect(page.getByRole("radio", { name: "UTC" })).toHaveCount(0);
  await expectAccessible(page);
  await screens(page, "alerts-watchdog", ready);
});
