import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { sandboxEvents, webhookByRole } from "../fixtures/sandbox-api";
import { VIEWPORTS } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

const rows = (page: Page) => page.getByTestId("event-row");
const actions = (page: Page) => page.getByRole("group", { name: "Event actions" });

test("[ALERTS][layout] the table comes first: its first row is on the first screen at desktop and phone width; export and replay sit in its toolbar", async ({
  page,
}) => {
  const failing = await webhookByRole("failing");
  const total = (await sandboxEvents(failing.id, { deliveryStatuses: "failed", limit: "1" })).metadata.total;
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto(`/alerts/${failing.id}?status=failed`);
    await expect(rows(page).first()).toBeVisible();
    // Without scrolling: the first row starts high on a desktop screen, and inside the phone's screen.
    const top = (await rows(page).first().boundingBox())!.y;
    expect(top, `first row's top at ${width} width`).toBeLessThan(width === "desktop" ? 400 : viewport.height - 40);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The applied filter shows as a chip, and the form stays folded until asked for.
    await expect(page.getByRole("list", { name: "Applied filters" }).getByRole("listitem")).toContainText([
      "Status: failed",
    ]);
    await expect(page.getByRole("form", { name: "Filter events" })).toBeHidden();
    // Export and replay are the table's own actions, above it.
    const exportButton = actions(page).getByRole("button", { name: /^Export / });
    await expect(exportButton).toContainText(`Export ${total.toLocaleString("en")} failed events`);
    await expect(actions(page).getByRole("button", { name: /^Replay all failed/ })).toBeVisible();
    const toolbarBottom = await actions(page).evaluate((el) => el.getBoundingClientRect().bottom);
    expect(toolbarBottom).toBeLessThanOrEqual(top);
    await exportButton.click();
    const dialog = page.getByRole("dialog", { name: "Export for compliance" });
    await expect(dialog.getByRole("button", { name: /^Export [\d,]+ failed events/ })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  // Filters open from the bar and fold again; a chip's × removes its filter.
  await page.getByRole("button", { name: /^Filters/ }).click();
  const form = page.getByRole("form", { name: "Filter events" });
  await expect(form).toBeVisible();
  // The status hint says what the boxes checked mean; the time hints give the format, not a value; with the
  // browser in UTC there is nothing to choose for the zone, and no radio group of one offers it.
  await expect(form.getByTestId("status-hint")).toHaveText("Only failed events.");
  await form.getByRole("checkbox", { name: "failed" }).uncheck();
  await expect(form.getByTestId("status-hint")).toHaveText("None checked: every status.");
  await form.getByRole("checkbox", { name: "failed" }).check();
  await expect(form.getByText(/\d{4}-\d\d-\d\d/)).toHaveCount(0);
  await expect(form.getByRole("radio")).toHaveCount(0);
  await expect(form.getByText("Times in")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: /^Filters/ }).click();
  await expect(page.getByRole("form", { name: "Filter events" })).toBeHidden();
  await page.getByRole("button", { name: "Remove the filter Status: failed" }).click();
  await expect(page).not.toHaveURL(/status=failed/);
  await expect(page.getByRole("list", { name: "Applied filters" })).toHaveCount(0);
});
