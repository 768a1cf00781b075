import { expect, test } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { sandboxEvents, webhookByRole } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance"), timezoneId: "Asia/Tokyo" });

/** The sandbox's own count of a webhook's events with a status in [since, until) (unix seconds). */
const sandboxCount = async (webhookId: string, status: string, since: number, until: number) =>
  (await sandboxEvents(webhookId, { deliveryStatuses: status, since: String(since), until: String(until), limit: "1" }))
    .metadata.total;

test("[ALERTS][health] outcomes per day and per hour as the sandbox counts them, the success rate and the failing streak; range and zone in the URL", async ({
  page,
}) => {
  const failing = await webhookByRole("failing");
  await page.goto(`/alerts/${failing.id}`);
  await page.getByRole("link", { name: "Delivery health" }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts/${failing.id}/health$`));
  // The page leaves test activity out by default (test clients made by other journeys on this stack);
  // the sandbox's counts below are of every event, so the page is asked to include it.
  await expect(page.getByTestId("test-switch")).toBeVisible();
  await page.goto(`/alerts/${failing.id}/health?test=include`);
  const table = page.getByRole("table", { name: "Delivery outcomes per day, last 7 days" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(7);

  // Each day (UTC midnights) holds the sandbox's counts; the last day ends now.
  const nowS = Math.floor(Date.now() / 1000);
  const todayS = Math.floor(nowS / 86_400) * 86_400;
  let success = 0;
  let failed = 0;
  for (let k = 0; k < 7; k++) {
    const since = todayS - (6 - k) * 86_400;
    const until = k === 6 ? nowS + 60 : since + 86_400;
    const [s = 0, f = 0, p = 0] = await Promise.all(
      ["success", "failed", "pending"].map((status) => sandboxCount(failing.id, status, since, until)),
    );
    success += s;
    failed += f;
    const cells = rows.nth(k).getByRole("cell");
    await expect(cells.nth(0)).toHaveText(new Date(since * 1000).toISOString().slice(0, 10));
    await expect(cells.nth(1)).toHaveText(s.toLocaleString("en"));
    await expect(cells.nth(2)).toHaveText(f.toLocaleString("en"));
    await expect(cells.nth(3)).toHaveText(p.toLocaleString("en"));
  }
  await expect(page.getByTestId("health-rate")).toHaveText(`${((success / (success + failed)) * 100).toFixed(1)} %`);
  // The failing receiver answers 500: the newest settled delivery failed.
  await expect(page.getByTestId("health-streak")).toContainText("failing");

  // Range and zone live in the URL: 24 hours in Tokyo's hours survive a reload.
  await page.getByRole("group", { name: "Range" }).getByRole("button", { name: "24 hours" }).click();
  await page.getByRole("radio", { name: "Local (Asia/Tokyo)" }).check();
  await expect(page).toHaveURL(/range=24h/);
  await expect(page).toHaveURL(/tz=Asia(%2F|\/)Tokyo/);
  await page.reload();
  const hourly = page.getByRole("table", { name: "Delivery outcomes per hour, last 24 hours" });
  await expect(hourly.locator("tbody tr")).toHaveCount(24);
  await expect(hourly.getByRole("columnheader", { name: "Hour (Asia/Tokyo)" })).toBeVisible();

  const ready = async () => await expect(hourly.locator("tbody tr").first()).toBeVisible();
  await expectAccessible(page);
  await screens(page, "alerts-health", ready);
});
