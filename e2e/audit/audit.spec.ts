import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { anonymousContext, formError } from "../fixtures/auth";
import { captureAction, callAction } from "../fixtures/actions";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

test.describe("[AUDIT] audit log", () => {
  test("[AUDIT][events] sign-ins, failed sign-ins and user changes are listed, filterable in the URL, and the chain verifies", async ({
    page,
    browser,
  }) => {
    // Make the events this test looks for.
    const stranger = `nobody-${Date.now()}@e2e.test`;
    const anon = await anonymousContext(browser);
    const anonPage = await anon.newPage();
    await anonPage.goto("/signin");
    await anonPage.getByLabel("E-mail").fill(stranger);
    await anonPage.getByLabel("Password").fill("whatever-password");
    await anonPage.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(anonPage)).toBeVisible();
    await anon.close();

    await page.goto("/audit");
    const table = page.getByRole("table", { name: "Audit records, newest first" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("row", { name: new RegExp(`auth\\.sign-in-failed.*${stranger}`) })).toContainText(
      "INVALID_CREDENTIALS",
    );
    await expect(table.getByText("users.create").first()).toBeVisible();
    await expect(table.getByText("auth.sign-in", { exact: true }).first()).toBeVisible();

    await page.getByLabel("Action").fill("auth.sign-in-failed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/action=auth\.sign-in-failed/);
    await expect(table.getByRole("row")).not.toHaveCount(1);
    for (const cell of await table.getByRole("row").locator("td:nth-child(4)").allTextContents())
      expect(cell).toBe("auth.sign-in-failed");
    await page.reload();
    await expect(page.getByLabel("Action")).toHaveValue("auth.sign-in-failed");
    await expect(table.getByRole("row", { name: new RegExp(stranger) })).toBeVisible();

    await page.getByRole("button", { name: "Verify chain" }).click();
    await expect(page.getByTestId("chain-verdict")).toHaveText(/Chain intact: \d+ records verified\./);
  });

  test("[AUDIT][export] the CSV holds the whole filtered set and its hash is recorded", async ({ page, browser }) => {
    const anon = await anonymousContext(browser);
    const anonPage = await anon.newPage();
    await anonPage.goto("/signin");
    await anonPage.getByLabel("E-mail").fill(`export-${Date.now()}@e2e.test`);
    await anonPage.getByLabel("Password").fill("wrong-password");
    await anonPage.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(anonPage)).toBeVisible();
    await anon.close();

    await page.goto("/audit?outcome=error");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /Export CSV/ }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, "utf8");
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe(
      "seq,id,at,actor_email,actor_role,action,target,outcome,error_code,error_message,request_id,ip,input,hash",
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(",error,"))).toBe(true);
    const sha = createHash("sha256").update(csv).digest("hex");

    await page.goto(`/audit?action=audit.export`);
    const row = page.getByRole("table").getByRole("row").nth(1);
    await row.getByText("Show").click();
    await expect(row).toContainText(sha);
    await expect(row).toContainText('"outcome": "error"');
  });

  test("[AUDIT][paging] Next and Previous walk the log by cursor; reload and back keep the page", async ({
    page,
    browser,
  }) => {
    const admin = await browser.newContext({ storageState: storageState("admin") });
    const adminPage = await admin.newPage();
    await adminPage.goto("/audit");
    const verify = await captureAction(adminPage, () =>
      adminPage.getByRole("button", { name: "Verify chain" }).click(),
    );
    for (let i = 0; i < 60; i++) expect((await callAction(admin.request, verify, {})).text).toContain('"ok":true');
    await admin.close();

    await page.goto("/audit?action=audit.verify");
    const table = page.getByRole("table");
    await expect(page.getByTestId("page-range")).toHaveText("1–50");
    const firstPage = await table.locator("tbody td:first-child").allTextContents();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/cursors=\d+/);
    await expect(page.getByTestId("page-range")).toHaveText(/^51–/);
    const secondPage = await table.locator("tbody td:first-child").allTextContents();
    expect(secondPage.some((seq) => firstPage.includes(seq))).toBe(false);
    expect(Number(secondPage[0])).toBeLessThan(Number(firstPage.at(-1)));
    await page.reload();
    await expect(page.getByTestId("page-range")).toHaveText(/^51–/);
    expect(await table.locator("tbody td:first-child").allTextContents()).toEqual(secondPage);
    await page.goBack();
    await expect(page.getByTestId("page-range")).toHaveText("1–50");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByTestId("page-range")).toHaveText("1–50");
    expect(await table.locator("tbody td:first-child").allTextContents()).toEqual(firstPage);
  });

  test("[AUDIT][bad-url] a hand-edited URL gets a clear message, not a crash", async ({ page }) => {
    await page.goto("/audit?from=yesterday");
    await expect(page.getByText("These filters are not valid")).toBeVisible();
    await page.goto("/audit?from=2026-12-01T00:00&to=2026-01-01T00:00");
    await expect(page.getByText(/“From” must be before “to”/).first()).toBeVisible();
  });
});
