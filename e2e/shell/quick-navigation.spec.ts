import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { e2ePaths } from "../../scripts/setup.mjs";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("admin") });

const LOG = e2ePaths().consoleLog;
const logLength = () => readFileSync(LOG, "utf8").length;

/** The console's log lines written since `from`, at error level or worse (pino: 50 error, 60 fatal). */
function errorsSince(from: number): string[] {
  return readFileSync(LOG, "utf8")
    .slice(from)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
}

test("[SHELL][logs] quick navigation, reloads and typed addresses leave no error in the console's log or the browser", async ({
  page,
}) => {
  const browserErrors: string[] = [];
  page.on("console", (m) => {
    // The browser's own line for an HTTP error status is not the page's error: a read the shared rate
    // limit refuses (429, shown with its countdown) is the console working, after the journeys before.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) browserErrors.push(m.text());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const from = logLength();

  // Clicking through the sidebar without waiting for each page…
  const nav = page.getByRole("navigation");
  for (let round = 0; round < 2; round++)
    for (const name of ["Clients", "Approvals", "Alerts", "Gas", "Yield", "Audit", "Users"])
      // A link may carry a count after its name ("Approvals 1").
      await nav
        .getByRole("link", { name: new RegExp(`^${name}\\b`) })
        .first()
        .click();
  // …typing the next address while the page is still reading the session (the browser cancels it)…
  for (const path of ["/clients", "/alerts", "/gas", "/audit", "/yield", "/users", "/approvals"]) {
    const reading = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/auth/session");
    await page.goto(path, { waitUntil: "commit" });
    await reading;
  }
  await page.goto("/clients");
  await expect(page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();
  // …reloading, and going back and forth.
  await page.reload();
  await nav.getByRole("link", { name: "Alerts", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Alerts", level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Alerts", level: 1 })).toBeVisible();
  // The session is still read on the way (navigation keeps it alive), and it answers.
  const session = await page.request.get("/api/auth/session", { headers: { "sec-fetch-site": "same-origin" } });
  expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBeTruthy();

  expect(errorsSince(from)).toEqual([]);
  expect(browserErrors).toEqual([]);
});
