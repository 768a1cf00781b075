import { expect, test } from "@playwright/test";
import { setTheme, keepShot } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("support") });

/**
 * The page side of RATE_LIMITED: the route's 429 (tested against the real limiter in
 * server/kit/define-route.test.ts) is stubbed here, since using up the e2e console's real budget would
 * hold up every other journey for a minute.
 */
test("[CLIENTS][rate-limited] a read refused for the upstream's rate limit says so, and Retry waits out its countdown", async ({
  page,
}) => {
  const message = "The upstream's limit of 200 requests a minute is used up; try again in 3 s.";
  let refused = 0;
  await page.route(/\/api\/clients\?take=10(&|$)/, async (route) => {
    if (refused > 0) return route.fallback();
    refused++;
    await route.fulfill({
      status: 429,
      headers: { "retry-after": "3" },
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "RATE_LIMITED", message, requestId: "e2e-rate", retryAfterSeconds: 3 } }),
    });
  });
  await page.goto("/clients");
  await expect(page.getByTestId("page-range")).toHaveText(/^1–25 of/);
  await page.getByLabel("Rows").selectOption("10");

  const alert = page.getByRole("alert").filter({ hasText: message });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("button", { name: /^Retry in [1-3] s$/ })).toBeDisabled();
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    await keepShot(alert, `.data/screens/clients-rate-limited-${theme}.png`);
  }
  const retry = alert.getByRole("button", { name: "Retry", exact: true });
  await expect(retry).toBeEnabled({ timeout: 6_000 });
  await retry.click();
  await expect(page.getByTestId("page-range")).toHaveText(/^1–10 of/);
  expect(refused).toBe(1);
});
