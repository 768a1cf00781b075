import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { seededClientPositions } from "../../sandbox/seed/backup-plan";
import { screens } from "../fixtures/screens";
import { expectAccessibleSettled } from "../fixtures/toasts";
import { storageState } from "../fixtures/users";

/**
 * The eject tab as the requester walks through it: the step that needs them is on top and marked,
 * each state is named for what it is (approved, window open, shares downloaded), the countdown stops
 * once the one allowed download is done, and the header says how many of the client's wallets left
 * MPC protection rather than calling the whole client ejected.
 */

test.describe.configure({ mode: "serial" });
test.use({ storageState: storageState("support") });

const COMPLETED = seededClientPositions("completed", { count: 250 }).filter((p) => p < 100);
const POSITION = COMPLETED.at(-2)!;

async function seededClient(request: APIRequestContext, position: number) {
  const res = await request.get("/api/clients?take=100");
  const { results } = (await res.json()) as { results: { id: string }[] };
  const { id } = results[position]!;
  // The list has the columns it shows; the client's own route has the whole record.
  const one = await request.get(`/api/clients/${encodeURIComponent(id)}`);
  return (await one.json()) as { id: string; wallets: unknown[] };
}

const currentStep = (page: Page) => page.getByRole("list", { name: "Steps" }).locator('[aria-current="step"]');

test("[CLIENTS][eject-states] the current step is on top and marked; states are named for what they are; one of two wallets is not the client", async ({
  page,
  browser,
}) => {
  test.slow();
  const client = await seededClient(page.request, POSITION);
  // The seeded clients hold two wallets (SECP256K1 and ED25519): ejecting one leaves the other protected.
  expect(client.wallets).toHaveLength(2);
  await page.goto(`/clients/${client.id}?tab=eject`);
  await expect(currentStep(page)).toHaveText(/Request/);
  const form = page.getByRole("form", { name: "Request an eject" });
  await form.getByLabel("Ticket reference").fill("SUP-STATES-1");
  await form.getByLabel("Reason").fill("The user leaves and asked for their key");
  await form.getByLabel("Window (minutes)").fill("3");
  await form.getByRole("button", { name: "Request eject" }).click();
  const card = page.getByTestId("eject-request").filter({ hasText: "SUP-STATES-1" });
  await expect(card.getByTestId("eject-state")).toHaveText("Waiting for approval");
  await expect(currentStep(page)).toHaveText(/Approval by someone else/);

  const compliance = await browser.newContext({ storageState: storageState("compliance") });
  const reviewer = await compliance.newPage();
  await reviewer.goto("/approvals");
  await reviewer
    .getByTestId("approval-item")
    .filter({ hasText: "SUP-STATES-1" })
    .getByRole("button", { name: "Approve" })
    .click();
  const approve = reviewer.getByRole("alertdialog", { name: "Approve this eject?" });
  await approve.getByLabel("Why you approve").fill("Checked the ticket with the user");
  await approve.getByRole("button", { name: "Approve the eject" }).click();
  await expect(approve).toHaveCount(0);
  await compliance.close();

  // Approved: the next step is the first thing in the tab, above the form for a new request.
  await page.reload();
  await expect(card.getByTestId("eject-state")).toHaveText("Approved: window not opened yet");
  await expect(currentStep(page)).toHaveText(/Open the window/);
  const open = page.getByRole("button", { name: /Open the eject window/ });
  await expect(open).toBeVisible();
  const openBox = (await open.boundingBox())!;
  const formBox = (await page.getByRole("form", { name: "Request an eject" }).boundingBox())!;
  expect(openBox.y, "the open button sits above the new-request form").toBeLessThan(formBox.y);

  await open.click();
  await page
    .getByRole("alertdialog", { name: "Open the eject window?" })
    .getByRole("button", { name: "Open for 3 minutes" })
    .click();
  // Open, not "executed": the shares have not left yet.
  await expect(card.getByTestId("eject-state")).toHaveText("Window open");
  await expect(card).not.toContainText("executed");
  await expect(currentStep(page)).toHaveText(/Download the backup shares/);
  await expect(card.getByRole("status")).toContainText(/closes in \dm \d\ds/);
  await expectAccessibleSettled(page);
  await screens(page, "clients-eject-window-open", async () => {
    await expect(card.getByRole("button", { name: "Download backup shares" })).toBeVisible();
  });

  await card.getByLabel(/Type the client id/).fill(client.id);
  const download = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download backup shares" }).click();
  await download;
  await expect(card.getByTestId("eject-state")).toHaveText("Shares downloaded");
  // The one allowed download is done: no countdown goes on.
  await expect(card).not.toContainText("closes in");
  await expect(card.getByRole("status")).toHaveCount(0);
  // Nothing is in progress any more: the next thing one can do is a request (for the other wallet).
  await expect(currentStep(page)).toHaveText(/Request/);
  await expect(page.getByRole("list", { name: "Steps" })).not.toContainText("(current step)Download");
  // One of two wallets: the header says so, not that the client is ejected.
  const header = page.getByTestId("client-eject-state");
  await expect(header).toContainText(/^1 of 2 wallets ejected/);
  // The timeline says when the window closed in the console's time format, not as an ISO string.
  await page.goto(`/clients/${client.id}?tab=timeline`);
  const opened = page.getByTestId("timeline-entry").filter({ hasText: "Eject window opened" });
  await expect(opened).toContainText(/Eject window opened until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  await expect(page.getByRole("region", { name: "Timeline" })).not.toContainText(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
  await page.goto("/clients?take=100");
  await expect(
    page
      .getByRole("table", { name: "Clients" })
      .getByRole("row", { name: new RegExp(client.id) })
      .locator("td")
      .last(),
  ).toContainText(/^1 of 2 wallets ejected/);
});
