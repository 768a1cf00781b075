import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { anonymousContext } from "../fixtures/auth";
import { sandboxRules } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";
import {
  fromWei,
  hoverMonth,
  lastMonths,
  monthName,
  monthOf,
  plain,
  sandboxUsage,
  tableRows,
  usageTable,
  type SandboxUsage,
} from "./truth";

test.use({ storageState: storageState("support") });

const summary = (page: Page, name: string) =>
  page.getByTestId("gas-summary").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The rows the table must show for these chains over the last `months` months, from the sandbox. */
function expectedRows(months: number, chains: [name: string, usage: SandboxUsage][]) {
  return lastMonths(months).flatMap((month) =>
    chains.map(([name, usage]) => {
      const m = monthOf(usage, month);
      return [month, chains.length > 1 ? name : undefined, fromWei(m.wei), String(m.tx)];
    }),
  );
}
const shownRows = async (page: Page) =>
  (await tableRows(page)).map((r) => [r.month, r.chain, plain(r.gas), r.transactions.replace(/,/g, "")]);

test.describe("[GAS] usage per chain", () => {
  test("[GAS][one chain] the default chain's totals, table and tooltip are the sandbox's numbers", async ({ page }) => {
    const usage = await sandboxUsage("eip155:1");
    expect(usage.usageData.length).toBeGreaterThan(3);
    await page.goto("/gas");
    const card = summary(page, "Ethereum");
    await expect(card).toBeVisible();
    await expect(card.getByTestId("gas-sponsor")).toHaveText(usage.address);

    // The table: the last 12 months, newest first, a listed month's exact usage, zero where none is listed.
    await expect(usageTable(page).locator("tbody tr")).toHaveCount(12);
    expect(await shownRows(page)).toEqual(expectedRows(12, [["Ethereum", usage]]));

    // Totals over the range, exact; the average to its six significant digits.
    const months = lastMonths(12).map((name) => monthOf(usage, name));
    const wei = months.reduce((s, m) => s + m.wei, 0n);
    const tx = months.reduce((s, m) => s + m.tx, 0);
    await expect(card.getByTestId("gas-total-usage")).toHaveText(`${fromWei(wei)} ETH`);
    await expect(card.getByTestId("gas-total-tx")).toHaveText(tx.toLocaleString("en"));
    const average = Number(plain((await card.getByTestId("gas-average").textContent()) ?? ""));
    expect(Math.abs(average - Number(wei) / 1e18 / tx) / average).toBeLessThan(1e-5);
    await expect(card).toContainText(
      `All time, as the upstream counts it: ${usage.totalUsage} ETH in ${usage.totalTxsSponsored.toLocaleString("en")} transactions.`,
    );

    // Hovering the last complete month's column: its exact usage and count. 12 months + the estimate month.
    const tooltip = await hoverMonth(page, 10, 13);
    await expect(tooltip).toContainText(monthName(1));
    const last = monthOf(usage, monthName(1));
    await expect(tooltip.locator('[data-chain="eip155:1"] [data-testid="tooltip-actual"]')).toHaveText(
      `${fromWei(last.wei)} ETH · ${last.tx.toLocaleString("en")} transaction${last.tx === 1 ? "" : "s"}`,
    );
    // The estimate month is labelled as one and has no actual value.
    const next = await hoverMonth(page, 12, 13);
    await expect(next).toContainText("estimate");
    await expect(next.getByTestId("tooltip-actual")).toHaveCount(0);

    // The forecast is marked as an estimate, with its method a click away.
    await expect(card.getByTestId("gas-forecast")).toContainText("≈");
    await expect(card.getByText("Estimate", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "How the forecast is estimated" }).click();
    await expect(page.getByRole("dialog")).toContainText("least-squares line through the last");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("[GAS][compare] several chains picked by name or id: one series each, the table matches, the URL survives reload", async ({
    page,
  }) => {
    await page.goto("/gas");
    await expect(summary(page, "Ethereum")).toBeVisible();
    await page.getByRole("button", { name: /^Chains/ }).click();
    await page.getByRole("checkbox", { name: "Base eip155:8453", exact: true }).check();
    await page.getByLabel("Filter chains by name or id").fill("80002");
    await expect(page.getByRole("checkbox")).toHaveCount(1);
    await page.getByRole("checkbox", { name: "Polygon Amoy eip155:80002" }).check();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/chains=eip155:1,eip155:8453,eip155:80002/);
    await page.getByRole("radio", { name: "24 months" }).check();
    await expect(page).toHaveURL(/range=24/);

    const chains: [string, SandboxUsage][] = [
      ["Ethereum", await sandboxUsage("eip155:1")],
      ["Base", await sandboxUsage("eip155:8453")],
      ["Polygon Amoy", await sandboxUsage("eip155:80002")],
    ];
    const expected = expectedRows(24, chains);
    for (const [name] of chains) await expect(summary(page, name)).toBeVisible();
    await expect(usageTable(page).locator("tbody tr")).toHaveCount(72);
    expect(await shownRows(page)).toEqual(expected);
    // ETH and POL on one axis: the page says the heights do not compare.
    await expect(page.getByText(/pay gas in different coins \(ETH, POL\)/)).toBeVisible();

    // One entry per chain in the tooltip, each the sandbox's figure. 24 months + the estimate month.
    const tooltip = await hoverMonth(page, 22, 25);
    await expect(tooltip).toContainText(monthName(1));
    for (const [name, usage] of chains) {
      const chainId = usage.chainId;
      const m = monthOf(usage, monthName(1));
      const unit = name === "Polygon Amoy" ? "POL" : "ETH";
      await expect(tooltip.locator(`[data-chain="${chainId}"]`)).toContainText(name);
      await expect(tooltip.locator(`[data-chain="${chainId}"] [data-testid="tooltip-actual"]`)).toHaveText(
        `${fromWei(m.wei)} ${unit} · ${m.tx.toLocaleString("en")} transaction${m.tx === 1 ? "" : "s"}`,
      );
    }

    await page.reload();
    await expect(page.getByRole("radio", { name: "24 months" })).toBeChecked();
    await expect(page.getByRole("list", { name: "Chosen chains" }).getByRole("listitem")).toHaveText([
      "Ethereum",
      "Base",
      "Polygon Amoy",
    ]);
    await expect(usageTable(page).locator("tbody tr")).toHaveCount(72);
    expect(await shownRows(page)).toEqual(expected);

    // Removing a chain takes it out of the URL, the cards and the table.
    await page.getByRole("button", { name: "Remove Base" }).click();
    await expect(page).toHaveURL(/chains=eip155:1,eip155:80002(&|$)/);
    await expect(summary(page, "Base")).toHaveCount(0);
    await expect(usageTable(page).locator("tbody tr")).toHaveCount(48);
  });

  test("[GAS][csv] the CSV holds exactly the rows the table shows", async ({ page }) => {
    await page.goto("/gas?chains=eip155:1,eip155:137&range=6");
    await expect(usageTable(page).locator("tbody tr")).toHaveCount(12);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const file = await (await download).path();
    const [header, ...rows] = parse(readFileSync(file, "utf8")) as string[][];
    expect(header).toEqual(["month", "chain", "chain_id", "usage", "unit", "transactions"]);
    const ids: Record<string, string> = { Ethereum: "eip155:1", Polygon: "eip155:137" };
    const iso = (name: string) => {
      const d = new Date(`1 ${name} UTC`);
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    };
    const shown = (await tableRows(page)).map(({ month, chain = "", gas, transactions }) => [
      iso(month),
      chain,
      ids[chain],
      plain(gas),
      gas.split(" ").at(-1),
      transactions.replace(/,/g, ""),
    ]);
    expect(rows).toEqual(shown);
    // And those are the sandbox's numbers.
    const polygon = await sandboxUsage("eip155:137");
    const m = monthOf(polygon, monthName(1));
    expect(rows.find((r) => r[0] === iso(monthName(1)) && r[2] === "eip155:137")?.slice(3, 6)).toEqual([
      fromWei(m.wei),
      "POL",
      String(m.tx),
    ]);
  });

  test("[GAS][empty] a chain without sponsorship says so, with no chart and no CSV", async ({ page }) => {
    expect((await sandboxUsage("eip155:43114")).usageData).toEqual([]);
    await page.goto("/gas?chains=eip155:43114");
    await expect(page.getByText("No sponsored gas on Avalanche C-Chain")).toBeVisible();
    await expect(page.getByTestId("gas-chart")).toHaveCount(0);
    await expect(usageTable(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Download CSV" })).toBeDisabled();
  });

  test("[GAS][error] a failing chain shows an error with a Retry that works, and the other chains stay", async ({
    page,
  }) => {
    try {
      await sandboxRules([{ path: "gas-sponsors/chains/eip155%3A1/usage", fault: "500" }]);
      await page.goto("/gas?chains=eip155:1");
      const failed = page.getByRole("alert").filter({ hasText: "Gas usage on Ethereum could not be loaded" });
      await expect(failed).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("gas-chart")).toHaveCount(0);

      await page.goto("/gas?chains=eip155:1,eip155:8453");
      await expect(failed).toBeVisible({ timeout: 20_000 });
      await expect(summary(page, "Base")).toBeVisible();
      await expect(page.getByTestId("gas-chart")).toBeVisible();
      await expect(usageTable(page)).toHaveAccessibleName("Gas sponsored per month on Base (eip155:8453)");

      await sandboxRules([]);
      await failed.getByRole("button", { name: "Retry" }).click();
      await expect(summary(page, "Ethereum")).toBeVisible();
      await expect(failed).toHaveCount(0);
      await expect(usageTable(page).locator("tbody tr")).toHaveCount(24);
    } finally {
      await sandboxRules([]);
    }
  });

  test("[GAS][url] a hand-edited URL keeps what is valid and says what it dropped", async ({ page }) => {
    await page.goto("/gas?chains=eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&range=7");
    await expect(page.getByRole("status").filter({ hasText: "is not an EVM chain the console knows" })).toBeVisible();
    await expect(summary(page, "Ethereum")).toBeVisible();
    await expect(page.getByRole("radio", { name: "12 months" })).toBeChecked();
  });
});

test.describe("[GAS] access", () => {
  test("[GAS][roles] every role reads gas usage; the routes refuse no session and bad chains", async ({ browser }) => {
    for (const role of ["compliance", "developer"] as const) {
      const context = await browser.newContext({ storageState: storageState(role) });
      const page = await context.newPage();
      await page.goto("/gas");
      await expect(summary(page, "Ethereum")).toBeVisible();
      const bad = await page.request.get("/api/gas/usage?chain=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp");
      expect(bad.status()).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("VALIDATION");
      const tooMany = await page.request.get("/api/gas/export?chains=&range=12");
      expect(tooMany.status()).toBe(400);
      await context.close();
    }
    const anonymous = await anonymousContext(browser);
    for (const path of ["/api/gas/usage?chain=eip155:1", "/api/gas/export?chains=eip155:1&range=12"]) {
      const res = await anonymous.request.get(path);
      expect(res.status(), path).toBe(401);
    }
    const page = await anonymous.newPage();
    await page.goto("/gas");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fgas/);
    await anonymous.close();
  });
});
