import { expect, test } from "@playwright/test";
import { sandboxRules, webhookByRole } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });
test.afterEach(async () => sandboxRules([]));

/** Text as a literal inside a sandbox rule's regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("[ALERTS][views-error] the drop horizon, the watchdog and the health view say when the upstream fails, with a Retry that works", async ({
  page,
}) => {
  const failing = await webhookByRole("failing");
  const views = [
    { path: "horizon", ready: page.getByTestId("at-risk") },
    { path: "watchdog", ready: page.getByTestId("watchdog-findings") },
    { path: "health", ready: page.getByTestId("health-rate") },
  ];
  for (const view of views) {
    // Every read of this webhook's events fails (on the server's prefetch, then in the browser).
    await sandboxRules([{ path: `/webhooks/${escape(failing.id)}/events\\?`, fault: "500" }]);
    await page.goto(`/alerts/${failing.id}/${view.path}`);
    const error = page.getByRole("alert").filter({ hasText: "This could not be loaded" });
    await expect(error, view.path).toBeVisible({ timeout: 30_000 });
    await expect(view.ready).toHaveCount(0);
    await sandboxRules([]);
    await error.getByRole("button", { name: "Retry" }).click();
    await expect(view.ready, view.path).toBeVisible();
  }
});
