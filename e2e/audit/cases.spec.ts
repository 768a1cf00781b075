import { spawnSync } from "node:child_process";
import { createPublicKey, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import canonicalize from "canonicalize";
import { expectAccessible } from "../fixtures/axe";
import { screens } from "../fixtures/screens";
import { expectAccessibleSettled } from "../fixtures/toasts";
import { storageState } from "../fixtures/users";

async function download(page: Page, trigger: () => Promise<void>): Promise<string> {
  const waiting = page.waitForEvent("download");
  await trigger();
  return (await waiting).path();
}

/** The admin's setting on /users: whether issuing a web OTP needs a case. */
async function requireCaseForOtp(browser: Browser, required: boolean) {
  const context = await browser.newContext({ storageState: storageState("admin") });
  const page = await context.newPage();
  await page.goto("/users");
  const box = page.getByTestId("case-requirements").getByRole("checkbox", { name: /Issue a web one-time password/ });
  if ((await box.isChecked()) !== required) {
    await box.click();
    await expect(box).toBeChecked({ checked: required });
  }
  return { page, context };
}

test.describe("[AUDIT][cases] case references, required cases and the signed case bundle", () => {
  test("[AUDIT][cases] an admin requires a case; support is refused without one and records the act under it; compliance finds the case and verifies its bundle", async ({
    browser,
  }) => {
    // Three people in turn, a bundle checked by the command and in the browser, axe in both places.
    test.setTimeout(120_000);
    const caseRef = `E2E-${Date.now() % 1_000_000_000}`;
    const admin = await requireCaseForOtp(browser, true);
    try {
      await expectAccessibleSettled(admin.page);
      await screens(admin.page, "users-case-requirements", async () => {
        await expect(admin.page.getByTestId("case-requirements")).toBeVisible();
      });

      // Support, without a case: refused, and told what to do.
      const support = await browser.newContext({ storageState: storageState("support") });
      const page = await support.newPage();
      await page.goto("/clients?take=10");
      const clientId = (await page
        .getByRole("table", { name: "Clients" })
        .locator("tbody tr td:first-child a")
        .nth(3)
        .textContent())!.trim();
      await page.goto(`/clients/${clientId}?tab=credentials`);
      const otpForm = page.getByRole("form", { name: "Issue web OTP" });
      await otpForm.getByLabel(/Reason/).fill("Caller verified, web sign-in for the case");
      await otpForm.getByRole("button", { name: "Issue web OTP" }).click();
      await expect(otpForm.getByRole("alert")).toContainText("An administrator requires a case reference");
      const otpCard = page.locator("div.rounded", { has: otpForm });
      await expect(otpCard.getByRole("button", { name: "Reveal Web OTP" })).toHaveCount(0);

      // The case is set once, in the header; what is not a case is refused there.
      await page.getByTestId("case-control").click();
      const dialog = page.getByRole("dialog", { name: "Case you are working on" });
      await dialog.getByLabel("Ticket id or link").fill("http://tickets.example.com/1");
      await dialog.getByLabel("Ticket id or link").press("Enter");
      await expect(dialog.getByRole("alert")).toHaveText("A ticket link must use https.");
      await expectAccessible(page);
      await dialog.getByLabel("Ticket id or link").fill(caseRef.toLowerCase());
      await dialog.getByRole("button", { name: "Work on this case" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("case-control")).toHaveText(`Working on case ${caseRef}`);

      await otpForm.getByRole("button", { name: "Issue web OTP" }).click();
      await otpCard.getByRole("button", { name: "Reveal Web OTP" }).click();
      await expect(otpCard.getByTestId("secret-value")).not.toBeEmpty();

      // The client's timeline says which case the OTP was issued for.
      await page.goto(`/clients/${clientId}?tab=timeline`);
      const entry = page.getByTestId("timeline-entry").filter({ hasText: "OTP" }).first();
      await expect(entry.getByTestId("record-case")).toHaveText(`case ${caseRef}`);
      await screens(page, "case-header", async () => {
        await expect(page.getByTestId("case-control")).toBeVisible();
      });
      // An eject requested while working on the case carries it as its ticket, not typed again.
      await page.goto(`/clients/${clientId}?tab=eject`);
      const ticket = page.getByRole("form", { name: "Request an eject" }).getByLabel("Ticket reference");
      await expect(ticket).toHaveValue(caseRef);
      await expect(page.getByText("The case you are working on.")).toBeVisible();
      await support.close();

      // Compliance: the case's records, and its bundle verified with the key taken beforehand.
      const compliance = await browser.newContext({ storageState: storageState("compliance") });
      const audit = await compliance.newPage();
      await audit.goto("/audit");
      const pem = await download(audit, () => audit.getByRole("button", { name: "Current key (PEM)" }).click());
      await audit.getByLabel("Case").fill(caseRef.toLowerCase());
      await audit.getByRole("button", { name: "Apply" }).click();
      await expect(audit).toHaveURL(new RegExp(`case=${caseRef}`));
      const table = audit.getByRole("table");
      await expect(table.getByRole("row", { name: /credentials\.web-otp/ })).toHaveCount(2);
      await expect(table.getByTestId("record-case").first()).toHaveText(`case ${caseRef}`);
      await expectAccessible(audit);

      const bundleFile = await download(audit, () => audit.getByTestId("case-bundle").click());
      const bundle = JSON.parse(readFileSync(bundleFile, "utf8")) as Record<string, unknown> & {
        records: { seq: number; action: string; outcome: string; target: string; input: { case: string } }[];
        signature: { value: string };
      };
      expect(bundle).toMatchObject({ kind: "case.bundle", case: caseRef, recordCount: bundle.records.length });
      expect(bundle.records.map((r) => [r.action, r.outcome, r.target, r.input.case])).toEqual([
        ["credentials.web-otp", "intent", clientId, caseRef],
        ["credentials.web-otp", "ok", clientId, caseRef],
      ]);
      // Checked as a reviewer outside the console would: Node's Ed25519 over RFC 8785 JSON, the PEM taken earlier.
      const { signature, ...body } = bundle;
      expect(
        verify(
          null,
          Buffer.from(canonicalize(body)!),
          createPublicKey(readFileSync(pem)),
          Buffer.from(signature.value, "hex"),
        ),
      ).toBe(true);
      const command = spawnSync(process.execPath, ["scripts/verify-export.mjs", bundleFile, "--key", pem], {
        encoding: "utf8",
      });
      expect(command.status).toBe(0);
      expect(command.stdout).toContain(`ok      case: 2 of 2 under case ${caseRef}`);

      await audit.goto("/audit/verify");
      await audit.getByLabel("Signed document (.json)").setInputFiles(bundleFile);
      await audit.getByLabel(/Public key file/).setInputFiles(pem);
      await audit.getByRole("button", { name: "Verify" }).click();
      const result = audit.getByTestId("verify-result");
      await expect(result).toHaveAttribute("data-verdict", "verified");
      await expect(result.locator('[data-check="Chain order"]')).toContainText("1 neighbouring record link by hash");
      await compliance.close();
    } finally {
      await requireCaseForOtp(browser, false).then(({ context }) => context.close());
      await admin.context.close();
    }
  });
});
