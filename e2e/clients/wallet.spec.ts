import { expect, test } from "@playwright/test";
import { captureAction, callAction } from "../fixtures/actions";
import { backupWallets, createClientInUi, generateWallets } from "../fixtures/sandbox";
import { storageState } from "../fixtures/users";

/** One client with real MPC wallets (funded by the sandbox faucet) for the journeys below. */
let client: { clientId: string; clientApiKey: string };

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

  test("[CLIENTS][assets] balances on sepolia and on eip155:11155111 agree and come from the chain", async ({
    page,
  }) => {
    await page.goto(`/clients/${client.clientId}`);
    const assets = page.getByRole("region", { name: "Assets" });
    await assets.getByLabel("Chain", { exact: true }).selectOption("sepolia");
    const table = assets.getByRole("table", { name: "Balances on eip155:11155111" });
    await expect(table.getByRole("row", { name: /ETH Ether/ })).toContainText("10");
    await expect(table.getByRole("row", { name: /USDC/ })).toContainText("10000");
    await expect(table.getByRole("row", { name: /USDC/ })).toContainText("10000000000");
    const bySymbol = await table.locator("tbody tr").allTextContents();
    await assets.getByLabel("Chain", { exact: true }).selectOption("eip155:11155111");
    await expect(table.locator("tbody tr")).toHaveText(bySymbol);
    // The filter narrows the picker.
    await assets.getByLabel("Filter chain list").fill("solana");
    const picker = assets.getByLabel("Chain", { exact: true });
    await expect(picker.locator('optgroup[label="Solana"] option')).toHaveCount(4);
    // Only the selected chain stays besides the matches.
    await expect(picker.locator('optgroup[label="EVM (eip155)"] option')).toHaveText(["Sepolia — eip155:11155111"]);
  });

  test("[CLIENTS][transfer] builds an ERC-20 and a native transfer, with the calldata decoded; bad input never leaves the browser", async ({
    page,
  }) => {
    const recipient = "0x1111111111111111111111111111111111111111";
    await page.goto(`/clients/${client.clientId}?tab=transfer`);
    const form = page.getByRole("region", { name: "Build transfer" });
    await form.getByLabel("To (recipient address)").fill("0x123");
    await form.getByLabel("Amount (whole units)").fill("-1");
    let sent = false;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.headers()["next-action"]) sent = true;
    });
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(form.getByText("Expected an EVM address")).toBeVisible();
    await expect(form.getByText("Enter an amount in whole units")).toBeVisible();
    expect(sent).toBe(false);

    await form.getByLabel("To (recipient address)").fill(recipient);
    await form.getByLabel("Token").fill("USDC");
    await form.getByLabel("Amount (whole units)").fill("1.5");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    const built = page.getByTestId("built-transfer");
    await expect(built).toContainText("Unsigned. Nothing was sent");
    const summary = built.getByRole("definition").filter({ hasText: "transfer(" });
    await expect(summary).toHaveText(`transfer(${recipient}, 1500000) = 1.5 USDC`);
    await expect(built.getByLabel("Unsigned transaction JSON")).toContainText(
      '"data": "0xa9059cbb0000000000000000000000001111111111111111111111111111111111111111',
    );

    await form.getByLabel("Token").fill("ETH");
    await form.getByLabel("Amount (whole units)").fill("0.01");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(built.getByText("Value (wei)")).toBeVisible();
    await expect(built).toContainText("10000000000000000");
    await expect(built.getByText("Decoded")).toHaveCount(0);

    const download = page.waitForEvent("download");
    await built.getByRole("button", { name: "Download JSON" }).click();
    expect((await download).suggestedFilename()).toMatch(/^unsigned-transfer-.*\.json$/);

    // The upstream's own refusal is shown in words.
    await form.getByLabel("Token").fill("NOPE");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(form.getByRole("alert")).toContainText("The upstream refused the request");
  });

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
    await expect(request).toContainText("pending");
    // Support holds eject:request but not eject:approve: no approve button …
    await expect(request.getByRole("button", { name: "Approve" })).toHaveCount(0);

    // … and the server refuses a direct call too (the action id captured from a compliance user).
    const compliance = await browser.newContext({ storageState: storageState("compliance") });
    const reviewer = await compliance.newPage();
    await reviewer.goto(`/clients/${client.clientId}?tab=eject`);
    const pending = reviewer.getByTestId("eject-request").first();
    const approve = await captureAction(reviewer, () => pending.getByRole("button", { name: "Approve" }).click());
    await expect(pending).toContainText("approved");
    const forged = await callAction(page.request, approve, { requestId: "00000000-0000-4000-8000-000000000000" });
    expect(forged.text).toContain('"code":"FORBIDDEN"');

    // Open the window and download the shares inside it.
    await page.reload();
    await request.getByRole("button", { name: /Open the eject window/ }).click();
    await expect(request).toContainText("executed");
    await expect(request.getByRole("status")).toContainText("open: closes in");
    await expect(request.getByTestId("countdown")).toHaveText(/^[0-3]m \d\ds$/);
    const confirm = request.getByLabel(/Type the client id/);
    await expect(request.getByRole("button", { name: "Download backup shares" })).toBeDisabled();
    await confirm.fill(client.clientId);
    const download = page.waitForEvent("download");
    await request.getByRole("button", { name: "Download backup shares" }).click();
    const file = JSON.parse(
      await (await (await download).createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8")),
    );
    expect(file).toMatchObject({ clientId: client.clientId, ejectRequestId: expect.any(String) });
    expect(file.custodianBackupShare.length).toBeGreaterThan(20);
    expect(await page.content()).not.toContain(file.custodianBackupShare);
    await expect(request).toContainText("Shares fetched");

    // The upstream closes the window once the shares were read; a second fetch is refused.
    await confirm.fill(client.clientId);
    await request.getByRole("button", { name: "Download backup shares" }).click();
    await expect(request.getByRole("alert")).toContainText(/refused|closed/);
    await compliance.close();
  });

  test("[CLIENTS][eject-self] nobody approves their own request", async ({ browser }) => {
    const admin = await browser.newContext({ storageState: storageState("admin") });
    const page = await admin.newPage();
    await page.goto(`/clients/${client.clientId}?tab=eject`);
    const tab = page.getByRole("region", { name: "Key ejection" });
    const form = tab.getByRole("form", { name: "Request an eject" });
    await form.getByLabel("Ticket reference").fill("SUP-901");
    await form.getByLabel("Reason").fill("Second request to check dual control");
    await form.getByRole("button", { name: "Request eject" }).click();
    const mine = tab.getByTestId("eject-request").first();
    await expect(mine).toContainText("pending");
    await expect(mine).toContainText("another staff member has to decide it");
    await mine.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("You cannot decide your own eject request")).toBeVisible();
    await expect(mine).toContainText("pending");
    await admin.close();
  });
});
