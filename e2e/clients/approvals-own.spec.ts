import { expect, test, type APIRequestContext } from "@playwright/test";
import { PERMISSIONS } from "@/lib/auth/permissions";
import { seededClientPositions } from "../../sandbox/seed/backup-plan";
import { expectAccessibleSettled } from "../fixtures/toasts";
import { storageState } from "../fixtures/users";

/**
 * The approvals page for each side of dual control: a requester (support) sees their own requests
 * and where each stands; an approver (compliance) sees what waits for their decision and what they
 * decided. A role with neither is told in words, never with a raw permission id.
 */

test.describe.configure({ mode: "serial" });

/** Seeded clients (of the first 100, which the list's first page of 100 holds) with a completed backup. */
const COMPLETED = seededClientPositions("completed", { count: 250 }).filter((p) => p < 100);
const OWN = COMPLETED.at(-1)!;

async function seededClient(request: APIRequestContext, position: number) {
  const res = await request.get("/api/clients?take=100");
  const { results } = (await res.json()) as { results: { id: string }[] };
  return results[position]!.id;
}

test("[CLIENTS][approvals-own] support sees its own eject request on Approvals; compliance decides it there and sees the decision", async ({
  browser,
}) => {
  test.slow();
  const support = await browser.newContext({ storageState: storageState("support") });
  const page = await support.newPage();
  const clientId = await seededClient(page.request, OWN);

  await page.goto(`/clients/${clientId}?tab=eject`);
  const form = page.getByRole("form", { name: "Request an eject" });
  await form.getByLabel("Ticket reference").fill("SUP-OWN-1");
  await form.getByLabel("Reason").fill("The user asked for their own key back");
  await form.getByLabel("Window (minutes)").fill("2");
  await form.getByRole("button", { name: "Request eject" }).click();
  await expect(page.getByTestId("eject-request").filter({ hasText: "SUP-OWN-1" })).toBeVisible();

  // Support reaches Approvals from the sidebar and finds its own request there, waiting.
  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: /Approvals/ })
    .click();
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(page.getByText("Not available to your role")).toHaveCount(0);
  const mine = page.getByRole("region", { name: /Your requests/ });
  const item = mine.getByTestId("approval-item").filter({ hasText: "SUP-OWN-1" });
  await expect(item).toContainText(clientId);
  await expect(item).toContainText("Waiting for approval");
  // Support decides nothing: no section of requests waiting for it, no decision buttons.
  await expect(page.getByRole("region", { name: /Waiting for your approval/ })).toHaveCount(0);
  await expect(item.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expectAccessibleSettled(page);

  // Compliance: the request waits for its decision; after approving, it is listed as decided.
  const compliance = await browser.newContext({ storageState: storageState("compliance") });
  const reviewer = await compliance.newPage();
  await reviewer.goto("/approvals");
  const waiting = reviewer.getByRole("region", { name: /Waiting for your approval/ });
  const toDecide = waiting.getByTestId("approval-item").filter({ hasText: "SUP-OWN-1" });
  await toDecide.getByRole("button", { name: "Approve" }).click();
  const dialog = reviewer.getByRole("alertdialog", { name: "Approve this eject?" });
  await dialog.getByLabel("Why you approve").fill("Called the user back on the number on file");
  await dialog.getByRole("button", { name: "Approve the eject" }).click();
  await expect(toDecide).toHaveCount(0);
  const decided = reviewer.getByRole("region", { name: /Your decisions/ });
  const decision = decided.getByTestId("approval-item").filter({ hasText: "SUP-OWN-1" });
  await expect(decision).toContainText("Approved");
  await expect(decision).toContainText("Called the user back on the number on file");
  await expectAccessibleSettled(reviewer);
  await compliance.close();

  // The requester's own list follows: approved, with the next step named.
  await page.reload();
  await expect(item).toContainText("Approved");
  await expect(item).toContainText("open the window");
  await support.close();
});

test("[CLIENTS][access-words] a page a role may not open says what it lacks in words, never a permission id", async ({
  browser,
}) => {
  const developer = await browser.newContext({ storageState: storageState("developer") });
  const page = await developer.newPage();
  await page.goto("/approvals");
  const denied = page.getByText(/Your role does not include/);
  await expect(denied).toContainText("approving key ejections or requesting key ejections");
  await page.goto("/audit");
  await expect(page.getByText(/Your role does not include/)).toContainText("reading the audit log");
  for (const path of ["/approvals", "/audit", "/users"]) {
    await page.goto(path);
    const text = await page.getByRole("main").innerText();
    for (const id of PERMISSIONS) expect(text, `${path} names ${id}`).not.toContain(id);
  }
  // The server's own refusal is in words too.
  const res = await page.request.get("/api/approvals");
  expect(res.status()).toBe(403);
  const body = await res.text();
  expect(body).toContain("approving key ejections");
  for (const id of PERMISSIONS) expect(body).not.toContain(id);
  await expectAccessibleSettled(page);
  await developer.close();
});
