import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { e2ePaths } from "../../scripts/setup.mjs";
import { formError, postCredentials, signIn } from "../fixtures/auth";
import { expectAccessible } from "../fixtures/axe";
import { startConsoleInstance, type ConsoleInstance } from "../fixtures/instances";
import { addStaffUser, signedInPage } from "../fixtures/staff";

/**
 * Strangers cannot lock staff out: a burst of wrong sign-ins from the staff member's own address
 * (one office gateway) locks the address and the accounts guessed at, yet the browser that signed in
 * to the account before (it holds a device cookie) signs in with the right password, while a browser
 * without the cookie is refused. The locks would refuse every journey that signs in from this
 * machine's address, so this one has a console of its own (same build, own port, own PGlite).
 */
const ADMIN = { email: "device-admin@e2e.test", password: "device-admin-password-1" };
const PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const DATA = `${e2ePaths().instances}/device-cookie`;

test.describe.configure({ mode: "serial", timeout: 300_000 });

let instance: ConsoleInstance;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(DATA, { recursive: true, force: true });
  instance = await startConsoleInstance({
    name: "device-cookie",
    port: PORT,
    dataDir: DATA,
    env: { CONSOLE_ADMIN_EMAIL: ADMIN.email, CONSOLE_ADMIN_PASSWORD: ADMIN.password },
  });
});

test.afterAll(async () => {
  await instance?.stop();
});

test("[AUTH][device-cookie] the browser that signed in before gets in while strangers' guesses lock its address", async ({
  browser,
  playwright,
}) => {
  const origin = instance.origin;
  const admin = await signedInPage(browser, ADMIN, "/", origin);
  const keeper = await addStaffUser(admin.page, "support", "keeper");
  const other = await addStaffUser(admin.page, "compliance", "other");
  await admin.context.close();

  // The keeper signs in once at their own browser, which keeps a device cookie, and signs out.
  const known = await signedInPage(browser, keeper, "/", origin);
  const device = (await known.context.cookies()).find((c) => c.name === "console-device");
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Strict", secure: false, path: "/" });
  expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(179 * 86_400_000);
  await known.page.getByRole("button", { name: "Sign out" }).click();
  await known.page.waitForURL(/\/signin/);

  // Strangers at the same address guess at the keeper, another account and addresses nobody has.
  const stranger = await playwright.request.newContext({ baseURL: origin });
  const outcomes: string[] = [];
  for (let i = 0; i < 5; i++)
    outcomes.push(await postCredentials(stranger, { email: keeper.email, password: `guess-keeper-${i}` }));
  expect(outcomes.slice(0, 4)).toEqual(Array(4).fill("INVALID_CREDENTIALS"));
  // The other 16 at once, as a script would: the address's 21 failures then fall in one window of a minute
  // however slow this machine checks passwords (one at a time they could straddle two windows).
  const burst = [
    ...Array.from({ length: 8 }, (_, i) => ({ email: other.email, password: `guess-other-${i}` })),
    ...Array.from({ length: 8 }, (_, i) => ({ email: `nobody-${i}@e2e.test`, password: `guess-${i}` })),
  ];
  const burstOutcomes = await Promise.all(burst.map((guess) => postCredentials(stranger, guess)));
  expect(burstOutcomes).toContain("LOCKED");
  // The address is locked for everyone without a device cookie, the admin's right password included.
  expect(await postCredentials(stranger, ADMIN)).toBe("LOCKED");
  await stranger.dispose();

  // A browser without the cookie is refused with the keeper's right password.
  const fresh = await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } });
  const freshPage = await fresh.newPage();
  await freshPage.goto("/signin");
  await freshPage.getByLabel("E-mail").fill(keeper.email);
  await freshPage.getByLabel("Password").fill(keeper.password);
  await freshPage.getByRole("button", { name: "Sign in" }).click();
  await expect(formError(freshPage)).toHaveText(/Too many failed attempts/);
  await expectAccessible(freshPage);
  await fresh.close();

  // The known browser signs in with the right password and lands on the console.
  await signIn(known.page, keeper);
  await expect(known.page).toHaveURL(`${origin}/`);
  await expect(known.page.getByTestId("current-user")).toBeVisible();
  await known.context.close();
});
