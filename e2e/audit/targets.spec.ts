import { expect, test } from "@playwright/test";
import { auditRows, recordDrawer } from "../fixtures/audit";
import { backupWallets, createClientInUi, generateWallets } from "../fixtures/sandbox";
import { createStaff } from "../fixtures/staff";
import { storageState } from "../fixtures/users";

/**
 * Targets link to what they name. (The eject-request kind, whose records come from the approve and
 * reject flow, is covered against the database in server/audit/targets.test.ts.)
 */
test.describe("[AUDIT] target links", () => {
  test("[AUDIT][client-link] a created client and an eject request link to the client, the request to its eject tab", async ({
    browser,
  }) => {
    const developer = await browser.newContext({ storageState: storageState("developer") });
    const client = await createClientInUi(await developer.newPage());
    await backupWallets(client.clientApiKey, await generateWallets(client.clientApiKey));
    await developer.close();

    const support = await browser.newContext({ storageState: storageState("support") });
    const supportPage = await support.newPage();
    await supportPage.goto(`/clients/${client.clientId}?tab=eject`);
    const form = supportPage.getByRole("form", { name: "Request an eject" });
    await form.getByLabel("Wallet").selectOption({ index: 0 });
    await form.getByLabel("Ticket reference").fill("SUP-AUDIT-1");
    await form.getByLabel("Reason").fill("Audit journey: the user asked for their key");
    await form.getByRole("button", { name: "Request eject" }).click();
    await expect(supportPage.getByTestId("eject-request").first()).toContainText("Waiting for approval");
    await support.close();

    const compliance = await browser.newContext({ storageState: storageState("compliance") });
    const page = await compliance.newPage();
    await page.goto("/audit?action=clients.create&outcome=ok");
    const created = auditRows(page).getByRole("link", { name: client.clientId, exact: true });
    await expect(created).toHaveCount(1);
    await created.click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.clientId}$`));
    await expect(page.getByTestId("client-id")).toHaveText(client.clientId);

    await page.goto("/audit?action=eject.request&outcome=ok");
    const row = auditRows(page).filter({ has: page.getByRole("link", { name: client.clientId, exact: true }) });
    await expect(row).toHaveCount(1);
    // The wallet is part of the target: shown beside the link.
    await expect(row).toContainText(`${client.clientId}/`);
    await row.getByRole("link", { name: client.clientId, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.clientId}\\?tab=eject$`));
    await expect(page.getByRole("region", { name: "Key ejection" })).toBeVisible();
    await expect(page.getByTestId("eject-request").first()).toContainText("SUP-AUDIT-1");

    // Approving it makes an eject.approve record whose target is the request: it leads to its client.
    const card = page.getByTestId("eject-request").filter({ hasText: "SUP-AUDIT-1" });
    await card.getByRole("button", { name: "Approve" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Approve this eject?" });
    await dialog.getByLabel("Why you approve").fill("Audit journey: checked with the user");
    await dialog.getByRole("button", { name: "Approve the eject" }).click();
    await expect(card).toContainText("Approved");
    const requestId = (await card.getAttribute("data-request-id"))!;
    await page.goto("/audit?action=eject.approve&outcome=ok");
    const approval = auditRows(page)
      .filter({ hasText: requestId.slice(0, 8) })
      .first();
    await approval.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.clientId}\\?tab=eject$`));
    await compliance.close();
  });

  test("[AUDIT][user-link] a changed user links to the users page for an admin, by e-mail for others; intent and outcome link each other", async ({
    browser,
  }) => {
    const staff = await createStaff(browser, "developer", "linked");
    const admin = await browser.newContext({ storageState: storageState("admin") });
    const page = await admin.newPage();
    await page.goto("/users");
    await expect(page.getByRole("button", { name: "Add user" })).toBeEnabled();
    await page.getByLabel(`Role of ${staff.email}`).selectOption("support");
    await page.getByRole("alertdialog").getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText(`Updated ${staff.email}`)).toBeVisible();

    // The target is the user's id; the link names them by e-mail.
    await page.goto("/audit?action=users.update&outcome=ok");
    const link = auditRows(page).getByRole("link", { name: staff.email, exact: true });
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute("href", /^\/users\?user=[0-9a-f-]{36}$/);
    const userId = ((await link.getAttribute("href")) ?? "").split("=")[1] ?? "";
    const row = auditRows(page).filter({ has: page.getByRole("link", { name: staff.email, exact: true }) });
    await expect(row).toContainText(userId);

    // The outcome record names its intent; the intent names its outcome.
    await row.getByRole("button", { name: /^Details of record/ }).click();
    const drawer = recordDrawer(page);
    const outcomeTitle = (await drawer.getByRole("heading", { name: /^Audit record/ }).textContent()) ?? "";
    await expect(drawer.getByRole("link", { name: staff.email })).toHaveAttribute("href", `/users?user=${userId}`);
    await drawer.getByRole("link", { name: /^Record #\d+$/ }).click();
    await expect(drawer.getByRole("heading", { name: /^Audit record/ })).not.toHaveText(outcomeTitle);
    await expect(drawer).toContainText("intent");
    await drawer.getByRole("link", { name: /^Record #\d+$/ }).click();
    await expect(drawer.getByRole("heading", { name: /^Audit record/ })).toHaveText(outcomeTitle);
    await page.keyboard.press("Escape");

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/users\\?user=${userId}$`));
    await expect(page.getByRole("row", { name: new RegExp(staff.email) })).toBeVisible();
    await admin.close();

    // Compliance reads the audit log but not the users page: the e-mail, not a link to a refusal.
    const compliance = await browser.newContext({ storageState: storageState("compliance") });
    const reviewer = await compliance.newPage();
    await reviewer.goto("/audit?action=users.update&outcome=ok");
    await expect(auditRows(reviewer).getByText(staff.email, { exact: true })).toHaveCount(1);
    await expect(auditRows(reviewer).getByRole("link", { name: staff.email })).toHaveCount(0);
    await compliance.close();
  });
});
