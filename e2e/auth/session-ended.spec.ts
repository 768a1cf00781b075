import { expect, test } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { screens } from "../fixtures/screens";
import { signedInPage, createStaff } from "../fixtures/staff";
import { storageState } from "../fixtures/users";

/**
 * A session that ends is never silent: the open page says so and why, keeps what was typed, and
 * "Sign in again" leads back to the same page; the sign-in page says why it is asked for.
 * The e2e console ends idle sessions after 720 minutes (playwright.config.ts).
 */

test("[AUTH][session-idle] an idle page says its session ended, keeps what was typed, and signs in back to it", async ({
  browser,
}) => {
  const user = await createStaff(browser, "support", "idle");
  const { context, page } = await signedInPage(browser, user);
  // The page's own clock, so its watch can reach the session's expiry without waiting twelve hours.
  await page.clock.install();
  await page.goto("/clients?view=all");
  const search = page.getByLabel("Find a client by id or address");
  await search.fill("half-typed query");
  // The browser drops the expired cookie; the page's clock passes the expiry.
  await context.clearCookies({ name: /session-token/ });
  await page.clock.fastForward("12:01:00");

  const notice = page.getByTestId("session-ended");
  await expect(notice).toContainText("Your session ended after 720 minutes without activity.");
  await expect(search).toHaveValue("half-typed query");
  await expectAccessible(page);
  await screens(page, "session-ended-notice");

  await notice.getByRole("link", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fclients%3Fview%3Dall&reason=idle$/);
  await expect(page.getByTestId("session-end-reason")).toContainText(
    "Your session ended after 720 minutes without activity. Sign in to go back to /clients?view=all.",
  );
  await expectAccessible(page);
  await screens(page, "session-ended-signin");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/clients\?view=all$/);
  await context.close();
});

test.describe("ended by an admin", () => {
  test.use({ storageState: storageState("admin") });

  test("[AUTH][session-ended] a read after an admin changed the role says the session was ended, and why", async ({
    browser,
    page,
  }) => {
    const user = await createStaff(browser, "support", "moved");
    const theirs = await signedInPage(browser, user, "/clients");
    await expect(theirs.page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();

    await page.goto("/users");
    await page.getByLabel(`Role of ${user.email}`).selectOption("compliance");
    await page.getByRole("alertdialog").getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText(`Updated ${user.email}; their sessions have ended`)).toBeVisible();

    // Their next act on the open page is refused: the page says why instead of going quiet, and keeps
    // what they typed.
    const search = theirs.page.getByLabel("Find a client by id or address");
    await search.fill(`0x${"ab".repeat(20)}`);
    await search.press("Enter");
    const notice = theirs.page.getByTestId("session-ended");
    await expect(notice).toContainText("an admin changed your role or password");
    await expect(search).toHaveValue(`0x${"ab".repeat(20)}`);
    await notice.getByRole("link", { name: "Sign in again" }).click();
    await expect(theirs.page).toHaveURL(/\/signin\?callbackUrl=%2Fclients&reason=ended$/);
    await expect(theirs.page.getByTestId("session-end-reason")).toContainText("an admin changed your role or password");
    // A page opened with the ended session's cookie says the same on the way to sign-in.
    await theirs.page.goto("/audit");
    await expect(theirs.page).toHaveURL(/\/signin\?callbackUrl=%2Faudit&reason=ended$/);
    await theirs.context.close();
  });
});
