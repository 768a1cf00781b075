import { expect, test } from "@playwright/test";
import { axe } from "../fixtures/axe";
import { createClientInUi } from "../fixtures/sandbox";
import { storageState } from "../fixtures/users";

test.describe("[CLIENTS] timeline", () => {
  test("[CLIENTS][timeline] a session token minted now is on the client's timeline with its reason, never the secret", async ({
    browser,
  }) => {
    // A client of its own, so the timeline holds only what this test did.
    const developer = await browser.newContext({ storageState: storageState("developer") });
    const devPage = await developer.newPage();
    const { clientId } = await createClientInUi(devPage);
    await developer.close();

    const support = await browser.newContext({ storageState: storageState("support") });
    const page = await support.newPage();
    await page.goto(`/clients/${clientId}?tab=credentials`);
    const form = page.getByRole("form", { name: "Mint session token" });
    const reason = `SUP-${Date.now()} timeline check`;
    await form.getByLabel(/Reason/).fill(reason);
    await form.getByRole("button", { name: "Mint session token" }).click();
    const tokenCard = page.locator("div.rounded", { has: form });
    await tokenCard.getByRole("button", { name: "Reveal Client session token" }).click();
    const sessionToken = (await tokenCard.getByTestId("secret-value").textContent())!.trim();
    expect(sessionToken.length).toBeGreaterThan(16);

    await page.getByRole("tab", { name: "Timeline" }).click();
    await expect(page).toHaveURL(/tab=timeline/);
    const entries = page.getByTestId("timeline-entry");
    // Newest first: the token, then the creation by the developer.
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(`Session token issued — “${reason}”`);
    await expect(entries.nth(0)).toContainText("support@e2e.test");
    await expect(entries.nth(1)).toContainText("Client created");
    await expect(entries.nth(1)).toContainText("developer@e2e.test");

    // Filtering by kind keeps the kind in the URL and survives a reload (read on the server).
    await page.getByRole("checkbox", { name: "Created" }).check();
    await expect(page).toHaveURL(/kinds=created/);
    await expect(entries).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Created" })).toBeChecked();
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText("Client created");
    await page.getByRole("button", { name: "All kinds" }).click();
    await expect(entries).toHaveCount(2);

    const html = await page.content();
    expect(html).not.toContain(sessionToken);
    const api = await page.request.get(`/api/clients/${clientId}/timeline`);
    expect(await api.text()).not.toContain(sessionToken);

    const results = await axe(page);
    expect(results.violations).toEqual([]);
    await support.close();
  });

  test("[CLIENTS][timeline] each entry links to its audit record for a reviewer; a bad kind is refused", async ({
    browser,
  }) => {
    const developer = await browser.newContext({ storageState: storageState("developer") });
    const { clientId } = await createClientInUi(await developer.newPage());
    await developer.close();

    const compliance = await browser.newContext({ storageState: storageState("compliance") });
    const page = await compliance.newPage();
    await page.goto(`/clients/${clientId}?tab=timeline`);
    const entry = page.getByTestId("timeline-entry").first();
    await expect(entry).toContainText("Client created");
    await entry.getByRole("link", { name: /Audit record #\d+/ }).click();
    await expect(page).toHaveURL(/\/audit\?record=[0-9a-f-]{36}/);
    const drawer = page.getByRole("dialog");
    await expect(drawer).toContainText("clients.create");
    await expect(drawer).toContainText(clientId);

    const bad = await page.request.get(`/api/clients/${clientId}/timeline?kinds=created,passwords`);
    expect(bad.status()).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Unknown kind of entry");
    await compliance.close();
  });
});
