import { expect, test } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { sandboxEventList, webhookByRole } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance"), timezoneId: "Asia/Tokyo" });

/** Text as a reader sees it: runs of white space (a no-break space among them) as one space. */
const words = (text: string) => text.replace(/\s+/g, " ").trim();

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
  // stack may add events, and retries settle pending ones, while the page is read: it is read again (at
  // most every 2 s) until it shows the sandbox's counts of the moment before it loaded. One paged read of
  // the week a time, counted here by the sandbox's own rule (createdAt in [since, until)).
  const days = async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const todayS = Math.floor(nowS / 86_400) * 86_400;
    const firstS = todayS - 6 * 86_400;
    const week = await sandboxEventList(failing.id, { since: String(firstS), until: String(nowS + 60) });
    return [0, 1, 2, 3, 4, 5, 6].map((k) => {
      const since = (firstS + k * 86_400) * 1000;
      const until = k === 6 ? (nowS + 60) * 1000 : since + 86_400_000;
      const day = week.filter((e) => Date.parse(e.createdAt) >= since && Date.parse(e.createdAt) < until);
      const n = (status: string) => day.filter((e) => e.deliveryStatus === status).length;
      return { day: new Date(since).toISOString().slice(0, 10), s: n("success"), f: n("failed"), p: n("pending") };
    });
  };
  await expect(async () => {
    const sandbox = await days();
    await page.reload();
    await expect(rows).toHaveCount(7);
    const shown = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map(async (k) =>
        (await rows.nth(k).getByRole("cell").allTextContents()).slice(0, 4).map(words),
      ),
    );
    expect(shown).toEqual(
      sandbox.map(({ day, s, f, p }) => [day, s.toLocaleString("en"), f.toLocaleString("en"), p.toLocaleString("en")]),
    );
    const success = sandbox.reduce((sum, d) => sum + d.s, 0);
    const failed = sandbox.reduce((sum, d) => sum + d.f, 0);
    await expect(page.getByTestId("health-rate")).toHaveText(`${((success / (success + failed)) * 100).toFixed(1)} %`, {
      timeout: 1_000,
    });
  }).toPass({ intervals: [2_000], timeout: 60_000 });
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
