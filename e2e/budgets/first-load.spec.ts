import { expect, test } from "@playwright/test";
import { KB, kb, PAGE_BUDGETS, weighBudgetedRoutes } from "../../bench/harness/first-load";
import { webhooks } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";

/**
 * Page budgets in `npm test`: first-load JavaScript of `/`, `/clients`, `/alerts/[id]`, `/gas` and
 * `/yield` beyond a blank page of the same build, measured as `npm run bench` measures it
 * (bench/harness/first-load.ts: the gzip bytes of every `<script src>` the route's HTML loads, as
 * the production console sends them). A route fails when it is more than MARGIN_KB over its
 * budget: a large regression is caught, a small change is left to the benchmark's figures.
 */
const MARGIN_KB = 20;

test.use({ storageState: storageState("admin") });

test(`[BUDGET] first-load JavaScript of the five budgeted pages stays within budget + ${MARGIN_KB} KB`, async ({
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
  const [webhook] = await webhooks();
  if (!webhook) throw new Error("the sandbox has no alert webhook to measure /alerts/[id] on");
  const { floor, routes } = await weighBudgetedRoutes(origin, cookie, webhook.id);

  // The measure saw real pages: the floor is the framework and the shell, each route loads it all.
  expect(floor.scripts.length).toBeGreaterThan(3);
  expect(floor.bytes).toBeGreaterThan(50 * KB);
  expect(routes.map((r) => r.name)).toEqual(PAGE_BUDGETS.map((b) => b.name));

  const report = routes.map((r) => `${r.name}: ${kb(r.beyondFloor)} beyond the floor (budget ${r.budgetKB} KB)`);
  await test.info().attach("first-load figures", {
    body: [`floor (/blank): ${kb(floor.bytes)}`, ...report].join("\n"),
    contentType: "text/plain",
  });
  for (const r of routes)
    expect
      .soft(
        r.beyondFloor / KB,
        `${r.name} loads ${kb(r.beyondFloor)} of JavaScript beyond the blank page; its budget is ${r.budgetKB} KB ` +
          `(fails past ${r.budgetKB + MARGIN_KB} KB). Largest scripts: ${r.extra
            .slice(0, 3)
            .map((e) => `${new URL(e.url).pathname} ${kb(e.bytes)}`)
            .join(", ")}`,
      )
      .toBeLessThanOrEqual(r.budgetKB + MARGIN_KB);
});
