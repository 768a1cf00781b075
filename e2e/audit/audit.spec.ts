import { expect, test } from "@playwright/test";
import { captureAction, callAction } from "../fixtures/actions";
import { auditRows, auditTable, failSignIn, recordDrawer } from "../fixtures/audit";
import { screens, VIEWPORTS } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

test.describe("[AUDIT] audit log", () => {
  test("[AUDIT][events] sign-ins, failed sign-ins and user changes are listed, filterable in the URL, and the chain verifies", async ({
    page,
    browser,
  }) => {
    const stranger = `nobody-${Date.now()}@e2e.test`;
    await failSignIn(browser, stranger);

    await page.goto("/audit");
    const table = auditTable(page);
    await expect(table).toBeVisible();
    await expect(table.getByRole("row", { name: new RegExp(`auth\\.sign-in-failed.*${stranger}`) })).toContainText(
      "INVALID_CREDENTIALS",
    );
    // Users created and sign-ins (by the setup, pages back by now): each found by its action in the URL.
    for (const action of ["users.create", "auth.sign-in"]) {
      await page.goto(`/audit?action=${action}`);
      await expect(auditRows(page).getByText(action, { exact: true }).first()).toBeVisible();
    }
    await page.goto("/audit");

    await page.getByLabel("Action", { exact: true }).fill("auth.sign-in-failed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/action=auth\.sign-in-failed/);
    // Some rows, and every one of them the filtered action (retrying, so no empty list passes).
    await expect(auditRows(page).first()).toBeVisible();
    await expect(auditRows(page).filter({ hasNotText: "auth.sign-in-failed" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Action", { exact: true })).toHaveValue("auth.sign-in-failed");
    await expect(table.getByRole("row", { name: new RegExp(stranger) })).toBeVisible();

    await page.getByRole("button", { name: "Verify chain" }).click();
    const verdict = page.getByTestId("chain-verdict");
    await expect(verdict).toHaveText(/Chain intact: [\d,]+ records verified, and the sealed head agrees/);
    // The page says when the whole log was last verified: this Verify (or the sweep, had it walked since).
    const verified = Number((await verdict.textContent())!.match(/([\d,]+) records verified/)![1]!.replace(/,/g, ""));
    const last = page.getByTestId("chain-last-verified");
    // The line is read again after the Verify: until then it may still say the walk before.
    await expect(async () => {
      const text = (await last.textContent()) ?? "";
      expect(text).toMatch(
        /^Whole log last verified at .* by (a Verify|the hourly sweep): [\d,]+ records?, to #\d+\.$/,
      );
      const noted = Number(text.match(/: ([\d,]+) records?/)![1]!.replace(/,/g, ""));
      if (text.includes("by a Verify")) expect(noted).toBe(verified);
      else expect(noted).toBeGreaterThanOrEqual(verified);
    }).toPass({ timeout: 10_000 });
    const at = Date.parse((await last.locator("time").getAttribute("datetime"))!);
    expect(Math.abs(Date.now() - at)).toBeLessThan(5 * 60_000);
  });

  test("[AUDIT][drawer] a record opens in a drawer by keyboard, closes with Escape, and its link reopens it", async ({
    page,
    browser,
  }) => {
    const stranger = `drawer-${Date.now()}@e2e.test`;
    await failSignIn(browser, stranger);
    await page.goto(`/audit?actor=${encodeURIComponent(stranger)}`);
    const row = auditRows(page).filter({ hasText: "auth.sign-in-failed" });
    await expect(row).toHaveCount(1);
    const time = (await row.locator("time").textContent()) ?? "";
    expect(time).toMatch(/^\d{4}-\d\d-\d\d [0-2]\d:[0-5]\d:[0-5]\d$/);
    const seq = ((await row.getByTestId("record-seq").textContent()) ?? "").trim();

    // From the outcome cell (nothing to focus in it), Tab reaches the row's Details button.
    await row.getByText("Wrong e-mail or password").click();
    await page.keyboard.press("Tab");
    const details = row.getByRole("button", { name: `Details of record ${seq}` });
    await expect(details).toBeFocused();
    await page.keyboard.press("Enter");

    const drawer = recordDrawer(page);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("heading", { name: `Audit record #${seq}` })).toBeVisible();
    await expect(page).toHaveURL(/[?&]record=[0-9a-f-]{36}/);
    const field = (label: string) =>
      drawer.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
    await expect(field("Time \\(UTC\\)")).toHaveText(time);
    await expect(field("Actor")).toHaveText(stranger);
    await expect(field("Action")).toHaveText("auth.sign-in-failed");
    await expect(field("Target")).toHaveText(stranger);
    await expect(field("Error code")).toHaveText("INVALID_CREDENTIALS");
    await expect(field("Message")).toHaveText("Wrong e-mail or password");
    await expect(field("Request id")).toHaveText(/\S{8,}/);
    await expect(drawer.getByTestId("record-seal")).toHaveText(/^[0-9a-f]{64}$/);
    // Focus is inside the drawer, and stays there.
    await expect(drawer.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(drawer.locator(":focus")).toHaveCount(1);

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(details).toBeFocused();
    await expect(page).not.toHaveURL(/record=/);

    // Back reopens it (the record is in the history), a reload keeps it open.
    await page.goBack();
    await expect(drawer).toBeVisible();
    const shared = page.url();
    await page.reload();
    await expect(drawer.getByRole("heading", { name: `Audit record #${seq}` })).toBeVisible();
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
    await expect(details).toBeFocused();

    // A shared link to a record that is not on the page being shown still opens it.
    const recordId = new URL(shared).searchParams.get("record");
    await page.goto(`/audit?action=audit.checkpoint&record=${recordId}`);
    await expect(drawer.getByRole("heading", { name: `Audit record #${seq}` })).toBeVisible();
    await expect(field("Actor")).toHaveText(stranger);
    await expect(auditRows(page).filter({ hasText: stranger })).toHaveCount(0);

    // Full width on a phone.
    await page.setViewportSize(VIEWPORTS.phone);
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(VIEWPORTS.phone.width);
  });

  test("[AUDIT][action-list] the action filter suggests the known actions by area, takes any typed start of a name, and a full name alone", async ({
    page,
  }) => {
    await page.goto("/audit");
    const action = page.getByRole("combobox", { name: "Action" });
    const suggestions = page.locator(`datalist#${await action.getAttribute("list")} option`);
    const values = await suggestions.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    // Each area's entry first (all of its actions), then its actions A–Z; sign-in's area first.
    expect(values.slice(0, 4)).toEqual(["auth.", "auth.sign-in", "auth.sign-in-failed", "auth.sign-out"]);
    await expect(suggestions.first()).toHaveText("all auth actions");
    for (const area of ["users.", "clients.", "credentials.", "transfers.", "eject.", "alerts.", "audit.", "account."])
      expect(values).toContain(area);
    expect(values).toEqual(expect.arrayContaining(["eject.approve", "eject.request", "alerts.replay-all"]));
    expect(new Set(values).size).toBe(values.length);

    // A start typed by hand is a prefix, and the field says what it will match before Apply.
    await action.fill("auth.sign");
    await expect(page.locator("#f-action-hint")).toHaveText(
      "Matches 3 actions: auth.sign-in, auth.sign-in-failed, auth.sign-out.",
    );
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/action=auth\.sign(&|$)/);
    await expect(auditRows(page).first()).toBeVisible();
    await expect(auditRows(page).filter({ hasNotText: "auth.sign" })).toHaveCount(0);
    // More than one action: the setup signed in (auth.sign-in) and others failed to.
    await expect(auditRows(page).filter({ hasText: "auth.sign-in-failed" }).first()).toBeVisible();
    await expect(auditRows(page).getByText("auth.sign-in", { exact: true }).first()).toBeVisible();

    // A full name is that action only, though a longer one begins with it; the hint says how to get both.
    await action.fill("auth.sign-in");
    await expect(page.locator("#f-action-hint")).toHaveText(
      "Only auth.sign-in; auth.sign-in* also matches the one action that begins with it.",
    );
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/action=auth\.sign-in(&|$)/);
    await expect(auditRows(page).getByText("auth.sign-in", { exact: true }).first()).toBeVisible();
    await expect(auditRows(page).filter({ hasText: "auth.sign-in-failed" })).toHaveCount(0);

    // An area's entry, as before.
    await action.fill("auth.");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/action=auth\.(&|$)/);
    await expect(auditRows(page).filter({ hasNotText: "auth." })).toHaveCount(0);
    await expect(auditRows(page).filter({ hasText: "auth.sign-in-failed" }).first()).toBeVisible();
    await page.reload();
    await expect(action).toHaveValue("auth.");
  });

  test("[AUDIT][error-code] the outcome filter narrows to one error code", async ({ page, browser }) => {
    const stranger = `code-${Date.now()}@e2e.test`;
    await failSignIn(browser, stranger);
    // An error with another code: a file that is no checkpoint (VALIDATION).
    await page.goto("/audit");
    // A file chosen before the page is interactive is not read: choose it again until it is.
    await expect(async () => {
      await page.getByLabel("Verify against a checkpoint…").setInputFiles({
        name: "not-a-checkpoint.json",
        mimeType: "application/json",
        buffer: Buffer.from('{"hello":"world"}'),
      });
      await expect(page.getByText(/The file is not an audit checkpoint/)).toBeVisible({ timeout: 2_000 });
    }).toPass();

    await page.getByLabel("Outcome").selectOption("error");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(auditRows(page).filter({ hasText: "VALIDATION" }).first()).toBeVisible();
    await expect(auditRows(page).filter({ hasText: stranger })).toHaveCount(1);

    const outcome = page.getByLabel("Outcome");
    await expect(outcome.locator('optgroup[label="error with the code"] option')).toContainText([
      "FORBIDDEN",
      "INVALID_CREDENTIALS",
      "LOCKED",
      "NO_ROLE",
    ]);
    await outcome.selectOption({ label: "INVALID_CREDENTIALS" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/outcome=error/);
    await expect(page).toHaveURL(/errorCode=INVALID_CREDENTIALS/);
    await expect(auditRows(page).filter({ hasText: stranger })).toHaveCount(1);
    await expect(auditRows(page).filter({ hasNotText: "INVALID_CREDENTIALS" })).toHaveCount(0);
    await page.reload();
    await expect(outcome.locator("option:checked")).toHaveText("INVALID_CREDENTIALS");
  });

  test("[AUDIT][time] From and To are typed in 24-hour UTC and To includes its whole minute", async ({
    page,
    browser,
  }) => {
    const stranger = `time-${Date.now()}@e2e.test`;
    await failSignIn(browser, stranger);
    await page.goto(`/audit?actor=${encodeURIComponent(stranger)}`);
    const row = auditRows(page).filter({ hasText: stranger });
    await expect(row).toHaveCount(1);
    const at = (await row.locator("time").getAttribute("datetime")) ?? "";
    const minute = at.slice(0, 16).replace("T", " ");
    expect(minute).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page).not.toHaveURL(/actor=/);
    await page.getByLabel("From (UTC)").fill(minute);
    await page.getByLabel("To (UTC)").fill(minute);
    await page.getByRole("button", { name: "Apply" }).click();
    const iso = `${minute.replace(" ", "T")}:00.000Z`;
    await expect(page).toHaveURL(new RegExp(`from=${encodeURIComponent(iso)}|from=${iso}`));
    await expect(auditRows(page).filter({ hasText: stranger })).toHaveCount(1);
    // Every record shown is of that minute, once the filtered page has replaced the cleared one (the URL
    // changes at once; the rows when the new page arrives).
    const outside = async () =>
      (
        await auditRows(page)
          .locator("time")
          .evaluateAll((els) => els.map((e) => e.getAttribute("datetime")))
      ).filter((t) => !t?.startsWith(minute.replace(" ", "T")));
    await expect.poll(outside).toEqual([]);
    await page.reload();
    await expect(page.getByLabel("From (UTC)")).toHaveValue(minute);
    await expect(page.getByLabel("To (UTC)")).toHaveValue(minute);

    // A 12-hour time or a To before From gets a message beside the field; the URL stays as it was.
    const before = page.url();
    await page.getByLabel("From (UTC)").fill("2026-11-21 09:30 PM");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("#f-from-error")).toHaveText(/Use the form YYYY-MM-DD HH:mm, in 24-hour UTC/);
    await expect(page.getByLabel("From (UTC)")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("From (UTC)").fill("2026-11-21 10:00");
    await page.getByLabel("To (UTC)").fill("2026-11-21 09:59");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("#f-to-error")).toHaveText("“To” must not be before “From”");
    expect(page.url()).toBe(before);
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
    const seqs = auditTable(page).getByTestId("record-seq");
    await expect(page.getByTestId("page-range")).toHaveText("1–50");
    // The range is written before the rows are: read the rows once all 50 are there.
    await expect(seqs).toHaveCount(50);
    const firstPage = await seqs.allTextContents();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/cursors=\d+/);
    await expect(page.getByTestId("page-range")).toHaveText(/^51–/);
    await expect(seqs.first()).not.toHaveText(firstPage[0] as string);
    const secondPage = await seqs.allTextContents();
    expect(secondPage.some((seq) => firstPage.includes(seq))).toBe(false);
    expect(Number(secondPage[0])).toBeLessThan(Number(firstPage.at(-1)));
    await page.reload();
    await expect(page.getByTestId("page-range")).toHaveText(/^51–/);
    await expect(seqs).toHaveText(secondPage);
    await page.goBack();
    await expect(page.getByTestId("page-range")).toHaveText("1–50");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByTestId("page-range")).toHaveText("1–50");
    await expect(seqs).toHaveText(firstPage);
  });

  test("[AUDIT][bad-url] a hand-edited URL gets a clear message, not a crash", async ({ page }) => {
    await page.goto("/audit?from=yesterday");
    await expect(page.getByText("These filters are not valid")).toBeVisible();
    await page.goto("/audit?from=2026-12-01T00:00&to=2026-01-01T00:00");
    await expect(page.getByText(/“From” must not be after “To”/).first()).toBeVisible();
    await page.goto("/audit?outcome=ok&errorCode=FORBIDDEN");
    await expect(page.getByText(/An error code only goes with the outcome “error”/).first()).toBeVisible();
    await page.goto("/audit?record=not-a-record");
    await expect(recordDrawer(page)).toContainText("This link does not name an audit record.");
    await page.goto("/audit?record=00000000-0000-4000-8000-000000000000");
    await expect(recordDrawer(page)).toContainText("No audit record has this id.");
  });

  test("[AUDIT][screens] desktop and phone, light and dark, with and without the drawer", async ({ page, browser }) => {
    const stranger = `screens-${Date.now()}@e2e.test`;
    await failSignIn(browser, stranger);
    await page.goto("/audit");
    const firstDetails = auditRows(page)
      .first()
      .getByRole("button", { name: /^Details of record/ });
    await screens(page, "audit", () => expect(firstDetails).toBeVisible());
    // At phone width the filters stack and each record is a block of labelled values.
    await page.setViewportSize(VIEWPORTS.phone);
    const from = await page.getByLabel("From (UTC)").boundingBox();
    const to = await page.getByLabel("To (UTC)").boundingBox();
    expect(to && from && to.y > from.y).toBe(true);
    await expect(auditTable(page).locator("thead")).toBeHidden();
    // Each value is labelled by its column (CSS generated text, so it is not part of the cell's text).
    await expect(auditRows(page).first()).toHaveCSS("display", "block");
    await expect(auditRows(page).first().locator('td[data-label="Time (UTC)"]')).toHaveCount(1);
    await page.setViewportSize(VIEWPORTS.desktop);

    // The drawer over a short page, so the full-page shots show what is under it.
    await page.goto(`/audit?actor=${encodeURIComponent(stranger)}`);
    await auditRows(page)
      .first()
      .getByRole("button", { name: /^Details of record/ })
      .click();
    await expect(recordDrawer(page)).toBeVisible();
    await screens(page, "audit-drawer", () => expect(recordDrawer(page).getByTestId("record-seal")).toBeVisible());

    // As an admin, a record with links: its target (a user), its intent, its input.
    const admin = await browser.newContext({ storageState: storageState("admin") });
    const adminPage = await admin.newPage();
    await adminPage.goto("/audit?action=users.create&outcome=ok");
    await auditRows(adminPage)
      .first()
      .getByRole("button", { name: /^Details of record/ })
      .click();
    const drawer = recordDrawer(adminPage);
    await expect(drawer.getByRole("link", { name: /^Record #\d+$/ })).toBeVisible();
    await screens(adminPage, "audit-drawer-links", () => expect(drawer.getByTestId("record-input")).toBeVisible());
    await admin.close();
  });
});
