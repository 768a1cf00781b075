import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { sandboxEvents, webhookByRole } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

const SEPOLIA = "eip155:11155111";
const actions = (page: Page) => page.getByRole("group", { name: "Event actions" });

/** "3 Nov 2026", written with Intl (en-US month names), independently of the console's date library. */
function day(instant: Date) {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options }).format(instant);
  return `${part({ day: "numeric" })} ${part({ month: "short" })} ${part({ year: "numeric" })}`;
}

test("[ALERTS][unapplied] edited filters not yet applied: export and replay-all wait; applied, they name and use the shown set", async ({
  page,
}) => {
  const failing = await webhookByRole("failing");
  const all = (await sandboxEvents(failing.id, { limit: "1" })).metadata.total;
  // A failed Sepolia event from at least ten minutes ago, and the window from the start of its day to its minute.
  const until = String(Math.floor(Date.now() / 1000) - 600);
  const [sample] = (
    await sandboxEvents(failing.id, { deliveryStatuses: "failed", chainIds: SEPOLIA, until, limit: "1" })
  ).data;
  expect(sample).toBeDefined();
  const minute = sample!.createdAt.slice(0, 16);
  const start = `${sample!.createdAt.slice(0, 10)}T00:00`;
  const expected = (
    await sandboxEvents(failing.id, {
      deliveryStatuses: "failed",
      chainIds: SEPOLIA,
      since: String(Date.parse(`${start}:00Z`) / 1000),
      until: String(Date.parse(`${minute}:00Z`) / 1000 + 60),
      limit: "1",
    })
  ).metadata.total;
  expect(expected).toBeGreaterThan(0);

  await page.goto(`/alerts/${failing.id}`);
  const exportButton = actions(page).getByRole("button", { name: /^Export / });
  const replayButton = actions(page).getByRole("button", { name: /^Replay all failed/ });
  await expect(exportButton).toHaveText(`Export all ${all.toLocaleString("en")} events`);
  await expect(exportButton).toBeEnabled();

  // Edit every kind of filter without pressing Apply.
  await page.getByRole("button", { name: /^Filters/ }).click();
  const form = page.getByRole("form", { name: "Filter events" });
  await form.getByRole("checkbox", { name: "failed", exact: true }).check();
  await form.getByLabel("From (UTC)").fill(start.replace("T", " "));
  await form.getByLabel("To (UTC)").fill(minute.replace("T", " "));
  await form.getByRole("button", { name: /^Chains/ }).click();
  await page.getByRole("checkbox", { name: `Sepolia ${SEPOLIA}` }).check();
  await page.keyboard.press("Escape");

  // The page says the form differs from what the list shows, and neither action can run on the old set.
  await expect(page.getByRole("status").filter({ hasText: "Unapplied changes" })).toBeVisible();
  await expect(exportButton).toBeDisabled();
  await expect(replayButton).toBeDisabled();
  await expectAccessible(page);

  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(page).toHaveURL(/chains=eip155:11155111/);
  await expect(page.getByText("Unapplied changes")).toHaveCount(0);
  // Both buttons now name the set the table shows: its status, its chain, its window.
  const noun = expected === 1 ? "failed event" : "failed events";
  const named = `${expected.toLocaleString("en")} ${noun} on Sepolia from ${day(new Date(`${start}:00Z`))}`;
  await expect(exportButton).toBeEnabled();
  await expect(exportButton).toContainText(`Export ${named}`);
  await expect(exportButton).toContainText(`to ${day(new Date(`${minute}:00Z`))}`);
  await expect(exportButton).toContainText("UTC");
  await expect(replayButton).toBeEnabled();
  await expect(replayButton).toContainText("failed events on Sepolia from");

  // Replay all counts exactly that set (dry run), and is left without replaying.
  await replayButton.click();
  const replay = page.getByRole("dialog", { name: "Replay all failed events matching these filters" });
  await expect(replay.getByTestId("replay-all-count").locator("strong")).toHaveText(expected.toLocaleString("en"));
  await expect(replay).toContainText(
    `Failed deliveries of the events on Sepolia from ${day(new Date(`${start}:00Z`))}`,
  );
  await replay.getByRole("button", { name: "Cancel" }).click();
  await expect(replay).toHaveCount(0);

  // The export exports exactly that set: its manifest's filters and row count.
  await exportButton.click();
  const dialog = page.getByRole("dialog", { name: "Export for compliance" });
  const known = await dialog
    .getByTestId("export-run")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-run-id")));
  const run = dialog
    .locator(["[data-testid=export-run]", ...known.map((id) => `:not([data-run-id="${id}"])`)].join(""))
    .first();
  await dialog.getByRole("button", { name: `Export ${named}`, exact: false }).click();
  await expect(run).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  const manifestUrl = (await run.getByRole("link", { name: "Manifest" }).getAttribute("href"))!;
  const manifest = (await (await page.request.get(manifestUrl)).json()) as {
    rows: number;
    filters: { statuses: string[]; chains: string[]; from?: string; to?: string };
  };
  expect(manifest.rows).toBe(expected);
  expect(manifest.filters).toMatchObject({ statuses: ["failed"], chains: [SEPOLIA] });
});
