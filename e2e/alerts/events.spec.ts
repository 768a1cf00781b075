import { expect, test, type Page } from "@playwright/test";
import { callAction, captureAction, interceptAction } from "../fixtures/actions";
import { expectAccessible } from "../fixtures/axe";
import { sandboxEvents, sandboxRules, webhookByRole, webhooks } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

const count = (page: Page) => page.getByTestId("events-count");
/** "X of Y matching events loaded": Y, the upstream's total for the filters. */
async function matching(page: Page) {
  await expect(count(page)).toHaveText(/of [\d,]+ matching events loaded/);
  return Number((await count(page).textContent())!.split(" of ")[1]!.split(" ")[0]!.replace(/,/g, ""));
}
/**
 * The count after n rows of a total: the note on test activity that may follow it depends on what other journeys
 * sent to the same webhook before, so it is allowed, not asserted.
 */
const loadedOf = (n: number, total: number) =>
  new RegExp(`^${n} of ${total.toLocaleString("en")} matching events loaded( · .+)?$`);
const rows = (page: Page) => page.getByTestId("event-row");
/** Unfolds the filters form from the bar above the table (it is folded on every page load) and returns it. */
async function openFilters(page: Page) {
  await page.getByRole("button", { name: /^Filters/ }).click();
  const form = page.getByRole("form", { name: "Filter events" });
  await expect(form).toBeVisible();
  return form;
}
/** Text as a literal inside a sandbox rule's regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("[ALERTS] webhooks and events", () => {
  test("[ALERTS][webhooks] every webhook with its failed deliveries of the last 24 hours, linked to them", async ({
    page,
  }) => {
    const all = await webhooks();
    await page.goto("/alerts");
    const table = page.getByRole("table", { name: "Alert webhooks" });
    await expect(table.locator("tbody tr")).toHaveCount(all.length);
    const failing = await webhookByRole("failing");
    const since = String(Math.floor(Date.now() / 60_000) * 60 - 86_400);
    const expected = (await sandboxEvents(failing.id, { deliveryStatuses: "failed", since, limit: "1" })).metadata
      .total;
    expect(expected).toBeGreaterThan(0);
    const row = table.getByRole("row", { name: new RegExp(failing.id) });
    await row.getByRole("link", { name: /failed in the last 24 hours/ }).click();
    await expect(page).toHaveURL(new RegExp(`/alerts/${failing.id}\\?status=failed&from=`));
    // The count links to exactly those events (give or take the ones failing meanwhile).
    expect(await matching(page)).toBeGreaterThanOrEqual(expected);
    await expect(rows(page).first()).toContainText("failed");
  });

  test("[ALERTS][filters] each filter alone, then combined, lists what the sandbox lists; the URL keeps them", async ({
    page,
  }) => {
    const failing = await webhookByRole("failing");
    const [sample] = (await sandboxEvents(failing.id, { limit: "1" })).data;
    await page.goto(`/alerts/${failing.id}`);
    const form = await openFilters(page);
    const apply = () => form.getByRole("button", { name: "Apply", exact: true }).click();
    const total = async (query: Record<string, string>) =>
      (await sandboxEvents(failing.id, { ...query, limit: "1" })).metadata.total;

    // Status.
    await form.getByRole("checkbox", { name: "failed", exact: true }).check();
    await apply();
    await expect(page).toHaveURL(/status=failed/);
    expect(await matching(page)).toBe(await total({ deliveryStatuses: "failed" }));
    await expect(rows(page).filter({ hasNotText: "failed" })).toHaveCount(0);
    await form.getByRole("checkbox", { name: "failed", exact: true }).uncheck();

    // Chain.
    await form.getByRole("button", { name: /^Chains/ }).click();
    await page
      .getByRole("dialog", { name: "Chains" })
      .getByRole("checkbox", { name: /Sepolia.*eip155:11155111/ })
      .check();
    await page.keyboard.press("Escape");
    await apply();
    await expect(page).toHaveURL(/chains=eip155:11155111/);
    expect(await matching(page)).toBe(await total({ chainIds: "eip155:11155111" }));
    await expect(rows(page).filter({ hasNotText: "eip155:11155111" })).toHaveCount(0);

    // Block numbers, as a range around the sample's block.
    await page.goto(`/alerts/${failing.id}`);
    await openFilters(page);
    await form.getByLabel("Block numbers").fill(`${sample!.blockNumber - 2}-${sample!.blockNumber + 2}`);
    await apply();
    const blocks = [-2, -1, 0, 1, 2].map((d) => sample!.blockNumber + d).join(",");
    expect(await matching(page)).toBe(await total({ blockNumbers: blocks }));
    await expect(rows(page).first()).toBeVisible();

    // Transaction hash.
    await page.goto(`/alerts/${failing.id}`);
    await openFilters(page);
    await form.getByLabel("Transaction hash").fill(sample!.transactionHashes[0]!);
    await apply();
    expect(await matching(page)).toBe(await total({ transactionHash: sample!.transactionHashes[0]! }));
    await expect(rows(page).first()).toContainText(sample!.transactionHashes[0]!.slice(0, 10));

    // A time range: the minute of the sample, "To" included to the end of that minute.
    await page.goto(`/alerts/${failing.id}`);
    await openFilters(page);
    const minute = sample!.createdAt.slice(0, 16).replace("T", " ");
    await form.getByLabel("From (UTC)").fill(minute);
    await form.getByLabel("To (UTC)").fill(minute);
    await apply();
    const start = Math.floor(Date.parse(`${sample!.createdAt.slice(0, 16)}:00Z`) / 1000);
    expect(await matching(page)).toBe(await total({ since: String(start), until: String(start + 60) }));
    await expect(rows(page).filter({ hasText: sample!.id })).toHaveCount(0); // ids are in the drawer, not the rows
    await expect(rows(page).first()).toContainText(minute);

    // Combined, shared by URL, kept on reload.
    const combined = `status=failed&chains=eip155:11155111&limit=50`;
    await page.goto(`/alerts/${failing.id}?${combined}`);
    const expected = await total({ deliveryStatuses: "failed", chainIds: "eip155:11155111" });
    expect(await matching(page)).toBe(expected);
    await page.reload();
    expect(await matching(page)).toBe(expected);
    await openFilters(page);
    await expect(form.getByRole("checkbox", { name: "failed", exact: true })).toBeChecked();
    await expect(form.getByLabel("Page size")).toHaveValue("50");
  });

  test("[ALERTS][filter-type] the event type alone lists the sandbox's events of that type; an unknown one falls back", async ({
    page,
  }) => {
    const failing = await webhookByRole("failing");
    const expected = (await sandboxEvents(failing.id, { eventTypes: "EIP_155_TX_V1", limit: "1" })).metadata.total;
    const form = page.getByRole("form", { name: "Filter events" });
    await page.goto(`/alerts/${failing.id}?type=EIP_155_TX_V1`);
    await openFilters(page);
    await expect(form.getByLabel("Event type")).toHaveValue("EIP_155_TX_V1");
    expect(await matching(page)).toBe(expected);
    // A hand-edited type the spec does not have: the page falls back to the one it has, not to an error.
    await page.goto(`/alerts/${failing.id}?type=ERC_20_TX_V9`);
    await openFilters(page);
    await expect(form.getByLabel("Event type")).toHaveValue("EIP_155_TX_V1");
    expect(await matching(page)).toBe(expected);
    await expect(rows(page).first()).toBeVisible();
  });

  test("[ALERTS][filter-limit] the page size alone sets how many events a page and each Load more bring", async ({
    page,
  }) => {
    const accepting = await webhookByRole("accepting");
    const total = (await sandboxEvents(accepting.id, { limit: "1" })).metadata.total;
    expect(total).toBeGreaterThan(500);
    // The view reads the next page ahead once React runs in the page: a select changed before that would be reset.
    const readAhead = page.waitForResponse((r) => r.url().includes("/events?") && r.url().includes("cursor="));
    await page.goto(`/alerts/${accepting.id}`);
    await readAhead;
    const form = await openFilters(page);
    await form.getByLabel("Page size").selectOption("250");
    await form.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page).toHaveURL(/limit=250/);
    await expect(count(page)).toHaveText(loadedOf(250, total));
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(count(page)).toHaveText(loadedOf(500, total));
    await page.reload();
    await openFilters(page);
    await expect(form.getByLabel("Page size")).toHaveValue("250");
    await expect(count(page)).toHaveText(loadedOf(250, total));
  });

  test("[ALERTS][invalid] bad values are explained beside their fields and never requested", async ({ page }) => {
    const failing = await webhookByRole("failing");
    const requested: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/events?")) requested.push(r.url());
    });
    await page.goto(`/alerts/${failing.id}?blocks=9-1&hash=0x12&tz=Mars/Base`);
    await expect(page.getByText("These filters are not valid")).toBeVisible();
    await expect(page.getByText(/runs backwards/)).toBeVisible();
    await expect(page.getByText(/64 hex digits/)).toBeVisible();
    await expect(page.getByText(/is not a time zone/)).toBeVisible();
    const form = page.getByRole("form", { name: "Filter events" });
    await form.getByLabel("From (UTC)").fill("yesterday");
    await form.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(form.getByText("Write it as 2026-11-21 09:30 (24-hour)")).toBeVisible();
    expect(requested).toEqual([]);
  });

  test("[ALERTS][zone] the UTC/local switch moves the table and the fields to the browser's zone", async ({
    browser,
  }) => {
    const zone = "Europe/Berlin";
    const context = await browser.newContext({ storageState: storageState("compliance"), timezoneId: zone });
    const page = await context.newPage();
    const failing = await webhookByRole("failing");
    const [first] = (await sandboxEvents(failing.id, { limit: "1" })).data;
    await page.goto(`/alerts/${failing.id}`);
    await expect(rows(page).first()).toContainText(first!.createdAt.slice(0, 19).replace("T", " "));
    await openFilters(page);
    await page.getByLabel(`Local (${zone})`).check();
    await expect(page).toHaveURL(/tz=Europe%2FBerlin|tz=Europe\/Berlin/);
    // The same instant in Berlin, written independently of the console with Intl (sv-SE writes ISO-like).
    const local = new Intl.DateTimeFormat("sv-SE", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }).format(new Date(first!.createdAt));
    await expect(rows(page).first()).toContainText(local);
    await expect(page.getByRole("columnheader", { name: `Time (${zone})` })).toBeVisible();
    await expect(page.getByLabel(/^From \(Europe\/Berlin/)).toBeVisible();
    await page.reload();
    await expect(rows(page).first()).toContainText(local);
    await context.close();
  });

  test("[ALERTS][replay] only failed rows can be selected; replaying says which were queued", async ({ page }) => {
    const accepting = await webhookByRole("accepting");
    await page.goto(`/alerts/${accepting.id}?status=success`);
    await expect(rows(page).first().getByRole("checkbox")).toBeDisabled();
    await expect(rows(page).first().getByRole("checkbox")).toHaveAccessibleName(
      /only failed deliveries can be replayed/,
    );

    const failing = await webhookByRole("failing");
    await page.goto(`/alerts/${failing.id}?status=failed`);
    const selectedIds: string[] = [];
    for (const i of [0, 1]) {
      const box = rows(page).nth(i).getByRole("checkbox");
      await box.check();
      selectedIds.push((await box.getAttribute("aria-label"))!.replace("Select event ", ""));
    }
    // Nothing is sent before the confirmation, and Cancel sends nothing.
    const actions = page.getByRole("group", { name: "Event actions" });
    const height = (await actions.boundingBox())!.height;
    await page.getByRole("button", { name: "Replay selected (2)" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Replay 2 failed events?" });
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("replay-outcome")).toHaveCount(0);
    await page.getByRole("button", { name: "Replay selected (2)" }).click();
    const action = await captureAction(page, () => confirm.getByRole("button", { name: "Replay them" }).click());
    const outcome = page.getByTestId("replay-outcome");
    // The outcome sits below the actions, in view, without pushing the buttons onto new lines.
    await expect(outcome).toBeInViewport();
    await expect(outcome).toBeFocused();
    expect((await actions.boundingBox())!.height).toBe(height);
    await expect(outcome).toContainText("2 queued for delivery");
    for (const id of selectedIds) await expect(outcome).toContainText(id);
    // A delivery that succeeded cannot be replayed: the upstream refuses it, and the result says which.
    const [delivered] = (await sandboxEvents(failing.id, { deliveryStatuses: "success", limit: "1" })).data;
    const mixed = await page.request.post(action.url, {
      headers: action.headers,
      data: JSON.stringify([{ webhookId: failing.id, eventIds: [delivered!.id] }]),
    });
    expect(await mixed.text()).toMatch(new RegExp(`"refused":\\["${delivered!.id}"\\]`));
  });

  test("[ALERTS][views] a named filter set is saved, picked from the menu and restores its filters", async ({
    page,
  }) => {
    const failing = await webhookByRole("failing");
    await page.goto(`/alerts/${failing.id}?status=failed&chains=eip155:1`);
    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save these filters" });
    const name = `Failed on Ethereum ${Date.now()}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Save view" }).click();
    await expect(page.getByText(`Saved the view “${name}”.`)).toBeVisible();
    await page.goto(`/alerts/${failing.id}`);
    await page.getByLabel("Saved views").selectOption({ label: name });
    await expect(page).toHaveURL(/status=failed/);
    await expect(page).toHaveURL(/chains=eip155:1(&|$)/);
    await expect((await openFilters(page)).getByRole("checkbox", { name: "failed", exact: true })).toBeChecked();
  });

  test("[ALERTS][drawer] a row opens the whole record as JSON, unknown fields included", async ({ page }) => {
    const accepting = await webhookByRole("accepting");
    const [first] = (await sandboxEvents(accepting.id, { limit: "1" })).data;
    // From now on the upstream sends every event of this webhook with a field the spec does not name.
    const unknown = { e2eUnknownField: { note: `not in the spec ${Date.now()}`, level: 3 } };
    await sandboxRules([{ path: `/webhooks/${escape(accepting.id)}/events\\?`, extraFields: unknown }]);
    try {
      await page.goto(`/alerts/${accepting.id}`);
      await rows(page)
        .first()
        .getByRole("button", { name: `Details of event ${first!.id}` })
        .click();
      const drawer = page.getByRole("dialog", { name: `Event ${first!.id}` });
      const json = JSON.parse((await drawer.getByLabel("Event record JSON").textContent())!);
      expect(json).toMatchObject({
        id: first!.id,
        blockNumber: first!.blockNumber,
        deliveryStatus: first!.deliveryStatus,
        ...unknown,
      });
      await page.keyboard.press("Escape");
      await expect(drawer).toHaveCount(0);
    } finally {
      await sandboxRules([]);
    }
  });
});

test.describe("[ALERTS] upstream errors", () => {
  test.afterEach(async () => sandboxRules([]));

  test("[ALERTS][webhooks-error] the webhook list says it could not be loaded, with Retry", async ({ page }) => {
    const all = await webhooks();
    // The list of webhooks fails (on the server's prefetch, then in the browser).
    await sandboxRules([{ path: "/alerts/webhooks(\\?.*)?$", fault: "500" }]);
    await page.goto("/alerts");
    const error = page.getByRole("alert").filter({ hasText: "This could not be loaded" });
    await expect(error).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("table", { name: "Alert webhooks" })).toHaveCount(0);
    await sandboxRules([]);
    await error.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("table", { name: "Alert webhooks" }).locator("tbody tr")).toHaveCount(all.length);
  });

  test("[ALERTS][events-error] a first page that fails says so with Retry, never an empty table", async ({ page }) => {
    const failing = await webhookByRole("failing");
    const total = async () => (await sandboxEvents(failing.id, { limit: "1" })).metadata.total;
    const before = await total();
    await sandboxRules([{ path: `/webhooks/${escape(failing.id)}/events\\?`, fault: "500" }]);
    await page.goto(`/alerts/${failing.id}`);
    const error = page.getByRole("alert").filter({ hasText: "This could not be loaded" });
    await expect(error).toBeVisible({ timeout: 30_000 });
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText("No events match these filters")).toHaveCount(0);
    await sandboxRules([]);
    await error.getByRole("button", { name: "Retry" }).click();
    // Transfers other journeys make on this stack may add events meanwhile: the page's total is the
    // sandbox's at some moment between the two reads.
    const shown = await matching(page);
    expect(shown).toBeGreaterThanOrEqual(before);
    expect(shown).toBeLessThanOrEqual(await total());
    await expect(rows(page).first()).toBeVisible();
  });

  test("[ALERTS][next-page-error] a next page that fails keeps the loaded rows and offers Retry, which appends it", async ({
    page,
  }) => {
    const accepting = await webhookByRole("accepting");
    const total = (await sandboxEvents(accepting.id, { limit: "1" })).metadata.total;
    // Every page after the first (it carries the upstream's cursor) fails.
    await sandboxRules([{ path: `/webhooks/${escape(accepting.id)}/events\\?.*cursor=`, fault: "500" }]);
    await page.goto(`/alerts/${accepting.id}?limit=50`);
    await expect(count(page)).toHaveText(loadedOf(50, total));
    await page.getByRole("button", { name: "Load more" }).click();
    const error = page.getByRole("alert").filter({ hasText: "The next page could not be loaded" });
    await expect(error).toBeVisible({ timeout: 30_000 });
    // The rows already loaded stay.
    await expect(count(page)).toHaveText(loadedOf(50, total));
    await expect(rows(page).first()).toBeVisible();
    await sandboxRules([]);
    await error.getByRole("button", { name: "Retry" }).click();
    await expect(count(page)).toHaveText(loadedOf(100, total));
    await expect(error).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Load more" })).toBeVisible();
  });
});

test.describe("[ALERTS] legacy tools", () => {
  test("[ALERTS][legacy] formats a raw alert and queues a block retry; bad JSON is explained", async ({ page }) => {
    await page.goto("/alerts/tools");
    const format = page.getByRole("form", { name: "Format a raw alert" });
    await format.getByLabel("Raw webhook body (JSON)").fill("{not json");
    await format.getByRole("button", { name: "Format" }).click();
    await expect(format.getByText(/This is not JSON/)).toBeVisible();
    const body = {
      type: "EIP_155_TX_V1",
      data: [
        {
          from: "0x52908400098527886E0F7030069857D2E4169EE7",
          to: "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
          amount: "0.5",
          chainId: "eip155:11155111",
          tokenSymbol: "ETH",
          metadata: { transactionHash: `0x${"ab".repeat(32)}`, blockNumber: 123, tokenDecimals: "18" },
        },
      ],
    };
    await format.getByLabel("Raw webhook body (JSON)").fill(JSON.stringify(body));
    await format.getByRole("button", { name: "Format" }).click();
    await expect(page.getByText("1 formatted event:")).toBeVisible();
    const formatted = JSON.parse((await page.getByLabel("Formatted events").textContent())!);
    expect(formatted[0]).toMatchObject({
      from: "0x52908400098527886e0f7030069857d2e4169ee7",
      chainName: expect.any(String),
      metadata: { blockNumber: "123", tokenDecimals: 18 },
    });

    const retry = page.getByRole("form", { name: "Retry by block number" });
    await retry.getByLabel("Block number").fill("-4");
    await retry.getByLabel("Stream id").fill("stream-1");
    await retry.getByRole("button", { name: "Retry the block" }).click();
    await expect(retry.getByText("A block number is not negative")).toBeVisible();
    await retry.getByLabel("Block number").fill("9700001");
    await retry.getByRole("button", { name: "Retry the block" }).click();
    await expect(page.getByText(/Queued: the wallet events of block 9700001 on eip155:11155111/)).toBeVisible();
  });

  test("[ALERTS][legacy-denied] support has no legacy tools: page and action refuse", async ({ page, browser }) => {
    // The request the compliance reviewer's "Retry the block" sends, stopped before it reaches the server.
    await page.goto("/alerts/tools");
    const retry = page.getByRole("form", { name: "Retry by block number" });
    await retry.getByLabel("Block number").fill("9700002");
    await retry.getByLabel("Stream id").fill("stream-denied");
    const action = await interceptAction(page, () => retry.getByRole("button", { name: "Retry the block" }).click());

    const context = await browser.newContext({ storageState: storageState("support") });
    const support = await context.newPage();
    await support.goto("/alerts/tools");
    await expect(support.getByText("Not available to your role")).toBeVisible();
    await support.goto("/alerts");
    await expect(support.getByRole("link", { name: /Legacy tools/ })).toHaveCount(0);
    // The same action called as support, bypassing the page: the server refuses it.
    const refused = await callAction(support.request, action, {
      chainReferenceId: "11155111",
      blockNumber: 9700002,
      streamId: "stream-denied",
    });
    expect(refused.text).toContain('"code":"FORBIDDEN"');
    await context.close();
  });
});
