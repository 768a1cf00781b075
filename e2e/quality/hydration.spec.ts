import { expect, test, type Page } from "@playwright/test";
import { anonymousContext } from "../fixtures/auth";
import { builtPagePaths } from "../fixtures/built-routes";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("admin") });

/**
 * Every page's HTML is what the browser's first render draws, so React takes it over without starting again.
 * The server draws the pages' forms and buttons idle (components/hooks/use-action.ts): where its markup
 * differs from the browser's first render, React reports the mismatch (in production, minified errors 418,
 * 419, 422, 423 and 425) and redraws the page from scratch.
 */
const MISMATCH = /Minified React error #(418|419|422|423|425)\b|hydrat/i;

function reactErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && MISMATCH.test(message.text())) seen.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (MISMATCH.test(String(error.message))) seen.push(error.message);
  });
  return seen;
}

/** The shell's buttons are disabled in the server's HTML and enabled once React runs in the page. */
async function hydrated(page: Page) {
  await expect(page.getByRole("button", { name: /^Theme:/ })).toBeEnabled();
}

test("[SHELL][hydration] every page of the build is taken over by React without a mismatch", async ({
  page,
  browser,
}) => {
  const errors = reactErrors(page);
  await page.goto("/clients");
  const client = await page
    .getByRole("table", { name: "Clients" })
    .locator("tbody tr td:first-child a")
    .first()
    .getAttribute("href");
  await page.goto("/alerts");
  const webhook = await page
    .getByRole("table", { name: "Alert webhooks" })
    .locator("tbody tr a[href^='/alerts/']")
    .first()
    .getAttribute("href");
  expect(client).toMatch(/^\/clients\/[^/?]+/);
  expect(webhook).toMatch(/^\/alerts\/[^/?]+/);
  // Every page of the build (a page added later is in it), on a real client and webhook; a run that does
  // not exist draws the not-found page inside the shell.
  // Signing in is for someone signed out (a signed-in person is sent on from it): checked so, below.
  const paths = builtPagePaths()
    .filter((path) => path !== "/signin")
    .map((path) =>
      path
        .replace("/clients/[clientId]", client!.split("?")[0]!)
        .replace("/alerts/[webhookId]", webhook!.split("?")[0]!)
        .replace("[runId]", "no-such-run"),
    );
  expect(paths).toContain("/users");
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    expect(errors, path).toEqual([]);
  }
  const context = await anonymousContext(browser);
  const signedOut = await context.newPage();
  const signInErrors = reactErrors(signedOut);
  await signedOut.goto("/signin");
  await expect(signedOut.getByRole("button", { name: "Sign in" })).toBeEnabled();
  expect(signInErrors).toEqual([]);
  await context.close();
});
