import { expect, test } from "@playwright/test";
import { captureAction, callAction, interceptAction, type CapturedAction } from "../fixtures/actions";
import { backupWallets, createClientInUi, generateWallets } from "../fixtures/sandbox";
import { createStaff, signedInPage } from "../fixtures/staff";
import { storageState } from "../fixtures/users";

/** One client with real MPC wallets (funded by the sandbox faucet) for the journeys below. */
let client: { clientId: string; clientApiKey: string };
/** The approve action's id, taken from a click that never reached the server. */
let approveAction: CapturedAction;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageState("developer") });
  const page = await context.newPage();
  client = await createClientInUi(page);
  const generated = await generateWallets(client.clientApiKey);
  await backupWallets(client.clientApiKey, generated);
  await context.close();
});

test.describe("[CLIENTS] wallet journeys", () => {
  test.use({ storageState: storageState("support") });

  test("[CLIENTS][eject] the full eject flow with two staff members", async ({ page, browser }) => {
    await page.goto(`/clients/${client.clientId}?tab=eject`);
    const tab = page.getByRole("region", { name: "Key ejection" });
    const form = tab.getByRole("form", { name: "Request an eject" });
    await form.getByLabel("Wallet").selectOption({ index: 0 });
    await form.getByLabel("Ticket reference").fill("SUP-900");
    await form.getByLabel("Reason").fill("User is leaving the platform and asked for their key");
    await form.getByLabel("Window (minutes)").fill("0");
    await form.getByRole("button", { name: "Request eject" }).click();
    await expect(form.locator("#eject-window-error")).toHaveText(/The window must be at least 1 minute/);
    await form.getByLabel("Window (minutes)").fill("3");
    await form.getByRole("button", { name: "Request eject" }).click();
    const request = tab.getByTestId("eject-request").first();
    await expect(request).toContainText("Waiting for approval");
    // Support holds eject:request but not eject:approve: no approve button …
    await expect(request.getByRole("button", { name: "Approve" })).toHaveCount(0);

    // … and the server refuses a direct call for this very request (the action taken from a
    // compliance user's click, stopped before it reached the server).
    const compliance = await browser.newContext({ storageState: storageState("compliance") });
    const reviewer = await compliance.newPage();
    await reviewer.goto(`/clients/${client.clientId}?tab=eject`);
    const pending = reviewer.getByTestId("eject-request").first();
    const approve = async () => {
      await pending.getByRole("button", { name: "Approve" }).click();
      const dialog = reviewer.getByRole("alertdialog", { name: "Approve this eject?" });
      await expect(dialog).toContainText("removes MPC protection");
      await dialog.getByLabel("Why you approve").fill("Ticket checked with the user by phone");
      return dialog;
    };
    let dialog = await approve();
    approveAction = await interceptAction(reviewer, () =>
      dialog.getByRole("button", { name: "Approve the eject" }).click(),
    );
    const requestId = await request.getAttribute("data-request-id");
    const forged = await callAction(page.request, approveAction, { requestId, note: "forged by support" });
    expect(forged.text).toContain('"code":"FORBIDDEN"');
    await reviewer.reload();
    await expect(pending).toContainText("Waiting for approval");

    dialog = await approve();
    await dialog.getByRole("button", { name: "Approve the eject" }).click();
    await expect(pending).toContainText("Approved");
    // The approver cannot carry the act out: only the requester opens the window.
    await expect(pending.getByRole("button", { name: /Open the eject window/ })).toHaveCount(0);
    await expect(pending).toContainText("Waiting for support@e2e.test to open the window");

    // Another holder of eject:request (an admin) is refused too, for this request.
    await page.reload();
    await request.getByRole("button", { name: /Open the eject window/ }).click();
    const openDialog = page.getByRole("alertdialog", { name: "Open the eject window?" });
    const execute = await interceptAction(page, () =>
      openDialog.getByRole("button", { name: "Open for 3 minutes" }).click(),
    );
    const admin = await browser.newContext({ storageState: storageState("admin") });
    const byAdmin = await callAction(admin.request, execute, { requestId });
    expect(byAdmin.text).toContain("Only the staff member who requested this eject");
    await page.reload();
    await expect(request).toContainText("Approved");

    // Open the window and download the shares inside it.
    await request.getByRole("button", { name: /Open the eject window/ }).click();
    await openDialog.getByRole("button", { name: "Open for 3 minutes" }).click();
    await expect(request).toContainText("Window open");
    await expect(request.getByRole("status")).toContainText("open: closes in");
    await expect(request.getByTestId("countdown")).toHaveText(/^[0-3]m \d\ds$/);
    const confirm = request.getByLabel(/Type the client id/);
    await expect(request.getByRole("button", { name: "Download backup shares" })).toBeDisabled();
    await confirm.fill(client.clientId);
    const download = page.waitForEvent("download");
    const fetchShares = await captureAction(page, () =>
      request.getByRole("button", { name: "Download backup shares" }).click(),
    );
    const file = JSON.parse(
      await (await (await download).createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8")),
    );
    expect(file).toMatchObject({ clientId: client.clientId, ejectRequestId: requestId });
    expect(file.custodianBackupShare.length).toBeGreaterThan(20);
    expect(await page.content()).not.toContain(file.custodianBackupShare);
    await expect(request).toContainText("Shares fetched");
    await expect(request.getByRole("button", { name: "Download backup shares" })).toHaveCount(0);

    // The console itself refuses a second fetch.
    const again = await callAction(page.request, fetchShares, {
      requestId,
      clientId: client.clientId,
      confirmClientId: client.clientId,
    });
    expect(again.text).toContain("handed out once");
    expect(again.text).not.toContain(file.custodianBackupShare.slice(0, 24));
    await Promise.all([compliance.close(), admin.close()]);
  });

  test("[CLIENTS][eject-self] nobody approves their own request", async ({ browser }) => {
    const admin = await browser.newContext({ storageState: storageState("admin") });
    const page = await admin.newPage();
    await page.goto(`/clients/${client.clientId}?tab=eject`);
    const tab = page.getByRole("region", { name: "Key ejection" });
    const form = tab.getByRole("form", { name: "Request an eject" });
    // The first wallet's shares were handed out above; the other wallet can still be requested.
    await form.getByLabel("Wallet").selectOption({ index: 1 });
    await form.getByLabel("Ticket reference").fill("SUP-901");
    await form.getByLabel("Reason").fill("Second request to check dual control");
    await form.getByRole("button", { name: "Request eject" }).click();
    const mine = tab.getByTestId("eject-request").first();
    await expect(mine).toContainText("Waiting for approval");
    await expect(mine).toContainText("another staff member has to approve or reject it");
    await expect(mine.getByRole("button", { name: "Approve" })).toHaveCount(0);
    const requestId = await mine.getAttribute("data-request-id");
    const forged = await callAction(admin.request, approveAction, { requestId, note: "approving my own" });
    expect(forged.text).toContain("You cannot decide your own eject request");
    await page.reload();
    await expect(mine).toContainText("Waiting for approval");
    // Withdrawn, so the wallet is free for the next request.
    await mine.getByRole("button", { name: "Withdraw request" }).click();
    await page
      .getByRole("alertdialog", { name: "Withdraw this request?" })
      .getByRole("button", { name: "Withdraw" })
      .click();
    await expect(mine).toContainText("Withdrawn");
    await admin.close();
  });

  test("[CLIENTS][eject-late-account] an account made after the request cannot approve it", async ({
    page,
    browser,
  }) => {
    await page.goto(`/clients/${client.clientId}?tab=eject`);
    const tab = page.getByRole("region", { name: "Key ejection" });
    const form = tab.getByRole("form", { name: "Request an eject" });
    await form.getByLabel("Wallet").selectOption({ index: 1 });
    await form.getByLabel("Ticket reference").fill("SUP-902");
    await form.getByLabel("Reason").fill("Third request, approved by a fresh account");
    await form.getByRole("button", { name: "Request eject" }).click();
    const request = tab.getByTestId("eject-request").first();
    await expect(request).toContainText("SUP-902");

    const late = await createStaff(browser, "compliance", "late-reviewer");
    const { context, page: reviewer } = await signedInPage(browser, late, `/clients/${client.clientId}?tab=eject`);
    const card = reviewer.getByTestId("eject-request").first();
    await card.getByRole("button", { name: "Approve" }).click();
    const dialog = reviewer.getByRole("alertdialog", { name: "Approve this eject?" });
    await dialog.getByLabel("Why you approve").fill("Looks fine to me");
    await dialog.getByRole("button", { name: "Approve the eject" }).click();
    await expect(dialog).toContainText(/created after this request was made/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(card).toContainText("Waiting for approval");
    await context.close();
  });
});
