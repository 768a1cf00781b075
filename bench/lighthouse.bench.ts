/**
 * Lighthouse (desktop preset) on `/`, `/clients`, `/alerts/[id]` (a real webhook of the sandbox),
 * `/gas` and `/yield`: performance ≥ 95 and accessibility 100 on each. The production build is
 * served with a sandbox (bench/harness/console.ts), a staff member signs in, and Lighthouse's node
 * API drives Debian's chromium (started with chrome-launcher, no puppeteer download) with the
 * session cookie sent as an extra header on every request, so each page is audited signed in, as
 * staff see it.
 *
 * One run per route. Performance in the desktop preset is Lighthouse's simulated throttling
 * (fast network, no CPU slowdown), computed from a trace of this machine: on a busy machine the
 * main-thread figures (Total Blocking Time) grow, so a miss is worth a second run before it is
 * believed. When chromium or Lighthouse cannot run, the benchmark fails with the reason, and no
 * figure is invented.
 */
import { existsSync } from "node:fs";
import { CHROMIUM_ARGS } from "@/testing/chromium";
import type { Figure } from "./figure";
import { BENCH_CUSTODIAN_KEY, CHROMIUM, startBenchConsole } from "./harness/console";
import { fillPath, firstWebhookId } from "./harness/first-load";

export const title = "Lighthouse (desktop preset, signed in, production build)";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

/** The pages audited (the issue-13 set); the JavaScript budgets cover every page (./first-load-js.bench.ts). */
const AUDITED = ["/", "/clients", "/alerts/[webhookId]", "/gas", "/yield"];

export async function run(): Promise<Figure[]> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Lighthouse needs Debian's chromium at ${CHROMIUM} (apt-get install chromium); it is not there`);
  const [{ default: lighthouse, desktopConfig }, chromeLauncher] = await Promise.all([
    import("lighthouse"),
    import("chrome-launcher"),
  ]);
  const bench = await startBenchConsole();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const webhookId = await firstWebhookId(bench.sandbox.baseUrl, BENCH_CUSTODIAN_KEY);
    const figures: Figure[] = [];
    for (const name of AUDITED) {
      const url = `${bench.origin}${fillPath(name, { webhookId }) ?? name}`;
      const audit = async () => {
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            extraHeaders: { Cookie: bench.jar.header },
          },
          desktopConfig,
        );
        if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${name}`);
        return result.lhr;
      };
      let lhr = await audit();
      // A run Lighthouse itself could not finish (a protocol timeout on a busy machine) is tried once more.
      if (lhr.runtimeError) {
        process.stdout.write(`  ${name}: Lighthouse could not finish (${lhr.runtimeError.message}); once more\n`);
        lhr = await audit();
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${name}: ${lhr.runtimeError.message}`);
      if (new URL(lhr.finalDisplayedUrl).pathname.startsWith("/signin"))
        throw new Error(`Lighthouse was sent to sign-in on ${name}: the session cookie did not reach the console`);
      const score = (id: string) => {
        const value = lhr.categories[id]?.score;
        if (typeof value !== "number") throw new Error(`Lighthouse gave ${name} no ${id} score`);
        return Math.round(value * 100);
      };
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
      const failing = Object.values(lhr.categories.accessibility?.auditRefs ?? []).flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        return audit && audit.scoreDisplayMode === "binary" && audit.score !== null && audit.score < 1 ? [ref.id] : [];
      });
      process.stdout.write(
        `  ${name}: performance ${score("performance")}, accessibility ${score("accessibility")}` +
          ` (FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")},` +
          ` TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")})` +
          `${failing.length > 0 ? `; failing accessibility audits: ${failing.join(", ")}` : ""}\n`,
      );
      figures.push(
        { name: `${name} Lighthouse performance`, value: score("performance"), unit: "", target: 95, better: "higher" },
        {
          name: `${name} Lighthouse accessibility`,
          value: score("accessibility"),
          unit: "",
          target: 100,
          better: "higher",
        },
      );
    }
    return figures;
  } finally {
    chrome.kill();
    await bench.close();
  }
}
