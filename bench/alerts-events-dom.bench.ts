/**
 * The events page with 10,000 loaded rows, in Debian's Chromium against the production build: how
 * many row elements are in the DOM (the table is virtualized, so only the rows in view and a few
 * around them), at the top, in the middle and at the end of the list, and how long a scroll from
 * one end to the other takes to paint.
 *
 * The sandbox is seeded with 15,000 events (80 % on the accepting webhook, so about 12,000 there);
 * the page asks for pages of 1000 and "Load more" is pressed until 10,000 rows are loaded.
 */
import { performance } from "node:perf_hooks";
import type { Figure } from "./figure";
import { benchBrowser, BENCH_CUSTODIAN_KEY, startBenchConsole } from "./harness/console";

export const title = "Alerts events page: a virtual table with 10,000 loaded rows";

const LOADED = 10_000;

export async function run(): Promise<Figure[]> {
  const bench = await startBenchConsole({ seedEvents: 15_000 });
  try {
    const opened = await benchBrowser(bench);
    if (!opened) {
      process.stdout.write("  Debian's chromium is not installed: skipped\n");
      return [];
    }
    const { page, browser } = opened;
    try {
      const list = await fetch(`${bench.sandbox.baseUrl}/api/v3/custodians/me/alerts/webhooks`, {
        headers: { authorization: `Bearer ${BENCH_CUSTODIAN_KEY}` },
      });
      const { data } = (await list.json()) as { data: { id: string; url: string }[] };
      const accepting = data.find((w) => w.url.endsWith("/webhooks/accepting"));
      if (!accepting) throw new Error("the sandbox has no accepting webhook");

      await page.goto(`${bench.origin}/alerts/${accepting.id}?limit=1000`);
      const count = page.getByTestId("events-count");
      const loaded = async () => Number(((await count.textContent()) ?? "0").split(" of ")[0]?.replace(/,/g, ""));
      await count.waitFor({ timeout: 60_000 });
      const started = performance.now();
      while ((await loaded()) < LOADED) {
        const before = await loaded();
        await page.getByRole("button", { name: "Load more" }).click();
        await page.waitForFunction(
          (n) =>
            Number(
              document.querySelector("[data-testid=events-count]")?.textContent?.split(" of ")[0]?.replace(/,/g, ""),
            ) > n,
          before,
          { timeout: 60_000 },
        );
      }
      const loadSeconds = (performance.now() - started) / 1000;
      const rows = () => page.locator("[data-testid=event-row]").count();
      const scroller = page.getByTestId("events-scroller");
      const atTop = await rows();
      // Scrolls the table and resolves once the browser has painted the rows the scroll brought in.
      const scrollTo = (fraction: number) =>
        scroller.evaluate(
          (el, f) =>
            new Promise<void>((resolve) => {
              el.scrollTop = el.scrollHeight * f;
              requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
            }),
          fraction,
        );
      await scrollTo(0.5);
      const inMiddle = await rows();
      const scrollStart = performance.now();
      await scrollTo(1);
      const scrollMs = performance.now() - scrollStart;
      const atEnd = await rows();
      const total = await loaded();
      process.stdout.write(
        `  ${total.toLocaleString("en")} rows loaded in ${loadSeconds.toFixed(1)} s (pages of 1000); ` +
          `row elements in the DOM: ${atTop} at the top, ${inMiddle} in the middle, ${atEnd} at the end; ` +
          `a jump to the end painted in ${scrollMs.toFixed(0)} ms\n`,
      );
      return [
        {
          name: `DOM rows with ${total.toLocaleString("en")} loaded (most of top, middle, end)`,
          value: Math.max(atTop, inMiddle, atEnd),
          unit: "rows",
          target: 150,
          better: "lower",
        },
        { name: "jump from the middle to the end, painted", value: scrollMs, unit: "ms", target: 100, better: "lower" },
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await bench.close();
  }
}
