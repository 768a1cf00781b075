import { expect, test } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { sandboxEvents, webhookByRole } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance"), timezoneId: "Asia/Tokyo" });

/** Text as a reader sees it: runs of white space (a no-break space among them) as one space. */
const words = (text: string) => text.replace(/\s+/g, " ").trim();

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

  // Each day (UTC midnights) holds the sandbox's counts; the last day ends now. Other journeys on this
  // stack may add events, and retries settle pending ones, while the page is read: the page is read again
  // until the sandbox's counts held still from before it loaded to after.
  const days = async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const todayS = Math.floor(nowS / 86_400) * 86_400;
    return Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map(async (k) => {
        const since = todayS - (6 - k) * 86_400;
        const until = k === 6 ? nowS + 60 : since + 86_400;
        const [s = 0, f = 0, p = 0] = await Promise.all(
          ["success", "failed", "pending"].map((status) => sandboxCount(failing.id, status, since, until)),
        );
        return { day: new Date(since * 1000).toISOString().slice(0, 10), s, f, p };
      }),
    );
  };
  await expect(async () => {
    const before = await days();
    await page.reload();
    await expect(rows).toHaveCount(7);
    const shown = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map(async (k) =>
        (await rows.nth(k).getByRole("cell").allTextContents()).slice(0, 4).map(words),
      ),
    );
    const rate = words((await page.getByTestId("health-rate").textContent()) ?? "");
    const after = await days();
    expect(after).toEqual(before);
    expect(shown).toEqual(
      before.map(({ day, s, f, p }) => [day, s.toLocaleString("en"), f.toLocaleString("en"), p.toLocaleString("en")]),
    );
    const success = before.reduce((sum, d) => sum + d.s, 0);
    const failed = before.reduce((sum, d) => sum + d.f, 0);
    expect(rate).toBe(`${((success / (success + failed)) * 100).toFixed(1)} %`);
  }).toPass({ timeout: 60_000 });
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
