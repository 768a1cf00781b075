import { expect, type Page } from "@playwright/test";
import { sandboxGet } from "../fixtures/sandbox-api";

/**
 * Ground truth for the gas journeys: the sandbox's usage read directly, and the page read back.
 * The arithmetic here is the test's own (not the console's lib/gas), so a mistake there shows.
 */
export interface SandboxUsage {
  address: string;
  chainId: string;
  usageData: { month: string; year: number; usage: string; txCount: number }[];
  totalUsage: string;
  totalTxsSponsored: number;
}

export const sandboxUsage = (chainId: string) =>
  sandboxGet<SandboxUsage>(`/api/v3/custodians/me/gas-sponsors/chains/${encodeURIComponent(chainId)}/usage`);

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "November 2026" for the month `back` months before the current UTC month. */
export function monthName(back: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const WEI = 18;
export const toWei = (s: string) => {
  const [whole, fraction = ""] = s.split(".");
  return BigInt(whole + fraction.padEnd(WEI, "0"));
};
export const fromWei = (v: bigint) => {
  const digits = v.toString().padStart(WEI + 1, "0");
  const fraction = digits.slice(-WEI).replace(/0+$/, "");
  return `${digits.slice(0, -WEI)}${fraction ? `.${fraction}` : ""}`;
};

/** What the sandbox says for a month ("November 2026"): usage in wei and transactions, zero when unlisted. */
export function monthOf(usage: SandboxUsage, name: string): { wei: bigint; tx: number } {
  const m = usage.usageData.find((u) => `${u.month} ${u.year}` === name);
  return { wei: m ? toWei(m.usage) : 0n, tx: m?.txCount ?? 0 };
}

/** The last `months` months, newest first, as the table names them. */
export const lastMonths = (months: number) => Array.from({ length: months }, (_, back) => monthName(back));

/** The table beside the chart (its caption names the chain when there is only one). */
export const usageTable = (page: Page) => page.getByRole("table", { name: /^Gas sponsored per month/ });

export interface ShownRow {
  month: string;
  /** Absent when the table shows a single chain. */
  chain?: string;
  gas: string;
  transactions: string;
}

/** The table's rows, each cell under its column's header. */
export async function tableRows(page: Page): Promise<ShownRow[]> {
  return usageTable(page).evaluate((table) => {
    const keys: Record<string, string> = {
      Month: "month",
      Chain: "chain",
      "Gas sponsored": "gas",
      Transactions: "transactions",
    };
    const headers = [...table.querySelectorAll("thead th")].map((th) => keys[(th.textContent ?? "").trim()] ?? "?");
    return [...table.querySelectorAll("tbody tr")].map(
      (tr) =>
        Object.fromEntries(
          [...tr.querySelectorAll("td")].map((td, i) => [headers[i], (td.textContent ?? "").trim()]),
        ) as unknown as ShownRow,
    );
  });
}

/** "1,234.5 ETH" → "1234.5" */
export const plain = (text: string) =>
  text
    .replace(/,/g, "")
    .replace(/\s*[A-Za-z]+$/, "")
    .trim();

/**
 * Hovers the chart's column for a month (the plot is a band per month, oldest first, plus the
 * estimate month when there is one) and returns the tooltip.
 */
export async function hoverMonth(page: Page, index: number, columns: number) {
  const chart = page.getByTestId("gas-chart");
  const grid = chart.locator(".recharts-cartesian-grid");
  await expect(grid).toBeVisible();
  // The mouse only reaches what is in the viewport.
  await chart.scrollIntoViewIfNeeded();
  const box = (await grid.boundingBox())!;
  const x = box.x + ((index + 0.5) * box.width) / columns;
  // Two steps inside the plot: recharts reads the pointer from mouse moves within it.
  await page.mouse.move(x - 2, box.y + box.height / 2);
  await page.mouse.move(x, box.y + box.height / 2, { steps: 2 });
  return page.getByTestId("gas-tooltip");
}
