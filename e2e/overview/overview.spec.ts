import { expect, test, type Page } from "@playwright/test";
import { axe } from "../fixtures/axe";
import { sandboxEvents, sandboxGet, sandboxRules, webhookByRole } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("admin") });
test.afterEach(async () => sandboxRules([]));

const card = (page: Page, name: string | RegExp) => page.getByRole("region", { name });
const GAS_PATH = "/gas-sponsors/chains/";

interface GasUsage {
  usageData: { month: string; year: number; usage: string; txCount: number }[];
}

test.describe("[OVERVIEW] the first page after sign-in", () => {
  test("[OVERVIEW][cards] each card says what the sandbox says and links to the matching view", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

    // Clients: the upstream's total.
    const { metadata } = await sandboxGet<{ metadata: { total: number } }>("/api/v3/custodians/me/clients?take=1");
    await expect(card(page, "Clients").getByTestId("client-count")).toHaveText(metadata.total.toLocaleString("en"));

    // Gas: this month's usage of a seeded chain, as the sandbox reports it.
    const now = new Date();
    const month = now.toLocaleString("en", { month: "long", timeZone: "UTC" });
    const sepolia = await sandboxGet<GasUsage>(`/api/v3/custodians/me${GAS_PATH}eip155%3A11155111/usage`);
    const current = sepolia.usageData.find((m) => m.month === month && m.year === now.getUTCFullYear());
    const gas = card(page, new RegExp(`^Gas sponsored, ${month}`));
    // The sandbox's seeded history reaches the current month.
    expect(current?.txCount).toBeGreaterThan(0);
    const sepoliaRow = gas
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: "Sepolia", exact: true }) });
    await expect(sepoliaRow.getByTestId("gas-month")).toHaveText(
      `${current!.usage} ETH · ${current!.txCount.toLocaleString("en")} tx`,
    );
    await sepoliaRow.getByRole("link").click();
    await expect(page).toHaveURL(/\/gas\?chains=eip155(:|%3A)11155111$/);
    await page.goto("/");

    // Failed deliveries: the failing receiver's count links to exactly those events.
    const failing = await webhookByRole("failing");
    const since = String(Math.floor(Date.now() / 60_000) * 60 - 86_400);
    const expected = (await sandboxEvents(failing.id, { deliveryStatuses: "failed", since, limit: "1" })).metadata
      .total;
    expect(expected).toBeGreaterThan(0);
    const deliveries = card(page, "Failed deliveries, last 24 hours");
    await deliveries
      .getByRole("listitem")
      .filter({ hasText: failing.url.replace(/^https?:\/\//, "") })
      .getByRole("link", { name: /failed/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/alerts/${failing.id}\\?status=failed&from=`));
    const count = page.getByTestId("events-count");
    await expect(count).toHaveText(/of [\d,]+ matching events loaded/);
    const total = Number((await count.textContent())!.split(" of ")[1]!.split(" ")[0]!.replace(/,/g, ""));
    // Exactly those events, give or take the ones failing meanwhile.
    expect(total).toBeGreaterThanOrEqual(expected);
    await expect(page.getByTestId("event-row").filter({ hasNotText: "failed" })).toHaveCount(0);

    // The latest audit record opens in the audit log's drawer.
    await page.goto("/");
    const audit = card(page, "Latest audit records");
    const latest = audit.getByRole("listitem").first().getByRole("link");
    const action = (await latest.textContent())!.trim();
    await latest.click();
    await expect(page).toHaveURL(/\/audit\?record=[0-9a-f-]{36}/);
    await expect(page.getByRole("dialog")).toContainText(action);
  });

  test("[OVERVIEW][stream] a slow card does not hold the others; a failing one says so with a retry", async ({
    page,
  }) => {
    // Every gas read takes 5 s: the page streams the other cards first.
    await sandboxRules([{ path: GAS_PATH, latencyMs: 5_000 }]);
    await page.goto("/", { waitUntil: "commit" });
    await expect(card(page, "Clients").getByTestId("client-count")).toBeVisible();
    await expect(card(page, "Latest audit records").getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading Gas sponsored this month" })).toBeVisible();
    await expect(card(page, /^Gas sponsored, /).getByRole("link", { name: "Gas" })).toBeVisible({ timeout: 20_000 });

    // The clients read fails (on the server's prefetch, then in the browser): that card alone has an error.
    await sandboxRules([{ path: "/custodians/me/clients\\?", fault: "500" }]);
    await page.goto("/");
    const clients = card(page, "Clients");
    await expect(clients.getByRole("alert")).toContainText("could not be loaded");
    await expect(card(page, "Latest audit records").getByRole("listitem").first()).toBeVisible();
    await sandboxRules([]);
    await clients.getByRole("button", { name: "Retry" }).click();
    await expect(clients.getByTestId("client-count")).toBeVisible();
  });

  test("[OVERVIEW][roles] a role sees the cards of the areas it may open", async ({ browser }) => {
    const support = await browser.newContext({ storageState: storageState("support") });
    const page = await support.newPage();
    await page.goto("/");
    await expect(card(page, "Clients")).toBeVisible();
    await expect(card(page, "Upstream")).toContainText("embedded sandbox");
    // Support may not read the audit log: no card for it.
    await expect(card(page, "Latest audit records")).toHaveCount(0);
    await support.close();
  });

  test("[OVERVIEW][a11y] the overview has no axe violations", async ({ page }) => {
    await page.goto("/");
    await expect(card(page, "Clients").getByTestId("client-count")).toBeVisible();
    await expect(card(page, /^Gas sponsored, /).getByRole("link", { name: "Gas" })).toBeVisible();
    const results = await axe(page);
    expect(results.violations).toEqual([]);
  });
});
