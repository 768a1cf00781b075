import { expect, test, type Page } from "@playwright/test";
import { axe } from "./fixtures/axe";
import { screens, setTheme } from "./fixtures/screens";
import { storageState } from "./fixtures/users";

/**
 * The pages of the clients area, approvals and users at desktop (1440) and phone (390) width in
 * light and dark, kept in .data/screens/ to be looked at; at phone width no page scrolls sideways,
 * and axe finds no serious issue in either theme.
 */
async function accessible(page: Page) {
  // In both themes: dark has its own colours, so its own contrast.
  const blocking: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    const results = await axe(page);
    for (const v of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
      blocking.push(`${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  await setTheme(page, "light");
  expect(blocking).toEqual([]);
}

/** The colours that tell light from dark on every button and the page, as the screen shows them now. */
const shownColours = (page: Page) =>
  page.evaluate(() =>
    [document.body, ...document.querySelectorAll("button")].map((el) => {
      const style = getComputedStyle(el);
      return `${style.color} ${style.backgroundColor} ${style.borderColor}`;
    }),
  );

test.describe("[SCREENS]", () => {
  test.use({ storageState: storageState("admin") });

  test("[SCREENS][theme-settled] a screenshot after a theme switch shows the new theme's colours, not a fade towards them", async ({
    page,
  }) => {
    await page.goto("/clients");
    await expect(page.getByTestId("page-range")).toHaveText(/of \d+/);
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      // What a screenshot taken now would show…
      const shown = await shownColours(page);
      // …is what the page shows once nothing runs any more.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === "running").length,
          ),
        )
        .toBe(0);
      expect(await shownColours(page)).toEqual(shown);
    }
  });

  test("[SCREENS][clients] list, eject tab and the header search at both widths", async ({ page }) => {
    await page.goto("/clients");
    const ready = () => expect(page.getByTestId("page-range")).toHaveText(/of \d+/);
    await ready();
    await screens(page, "clients-list", ready);
    await accessible(page);

    const id = (await page
      .getByRole("table", { name: "Clients" })
      .locator("tbody tr td:first-child a")
      .first()
      .textContent())!.trim();
    await page.goto(`/clients/${id}?tab=eject`);
    const form = () => expect(page.getByRole("form", { name: "Request an eject" })).toBeVisible();
    await form();
    await screens(page, "client-eject", form);
    await accessible(page);

    await page
      .getByRole("search")
      .getByLabel("Find a client by id or address")
      .fill("0x000000000000000000000000000000000000dEaD");
    await page.getByRole("search").getByLabel("Find a client by id or address").press("Enter");
    const panel = () => expect(page.getByTestId("search-panel")).toContainText("No client has this address");
    await panel();
    await screens(page, "header-search", panel);
  });

  test("[SCREENS][approvals-users] approvals and users at both widths", async ({ page }) => {
    await page.goto("/approvals");
    const heading = () => expect(page.getByRole("heading", { name: /Waiting for your approval/ })).toBeVisible();
    await heading();
    await screens(page, "approvals", heading);
    await accessible(page);

    await page.goto("/users");
    const table = () => expect(page.getByRole("table", { name: "Staff users" })).toBeVisible();
    await table();
    await screens(page, "users", table);
    await accessible(page);
  });

  test("[SCREENS][overview-timeline] the overview and a client's timeline at both widths", async ({ page }) => {
    await page.goto("/");
    const cards = () => expect(page.getByTestId("client-count")).toBeVisible();
    await cards();
    await expect(
      page
        .getByRole("region", { name: /^Gas sponsored, / })
        .getByRole("listitem")
        .first(),
    ).toBeVisible();
    await screens(page, "overview", cards);
    await accessible(page);

    await page.goto("/clients?take=10");
    const id = (await page
      .getByRole("table", { name: "Clients" })
      .locator("tbody tr td:first-child a")
      .first()
      .textContent())!.trim();
    // Something on the timeline: a session token minted with a reason.
    await page.goto(`/clients/${id}?tab=credentials`);
    const form = page.getByRole("form", { name: "Mint session token" });
    await form.getByLabel(/Reason/).fill("SUP-204 wallet screen does not load");
    await form.getByRole("button", { name: "Mint session token" }).click();
    await expect(page.getByRole("button", { name: "Reveal Client session token" })).toBeVisible();
    await page.goto(`/clients/${id}?tab=timeline`);
    const timeline = async () => {
      await expect(page.getByTestId("timeline-entry").first()).toContainText("SUP-204");
      await expect(page.getByTestId("timeline-entry").last()).toContainText("Created");
    };
    await timeline();
    await screens(page, "client-timeline", timeline);
    await accessible(page);
  });
});
