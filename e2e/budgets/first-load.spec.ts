import { expect, test } from "@playwright/test";
import { builtPages, KB, kb, weighPages, type RouteBudget, type RouteWeight } from "../../bench/harness/first-load";
import { sandboxGet, webhooks } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";

/**
 * Page budgets in `npm test`: the first-load JavaScript of every page of the production build (read
 * from Next's manifest, so a page added later is measured too) beyond the shell of the same build (its signed-in not-found page),
 * measured as `npm run bench` measures it (bench/harness/first-load.ts: the gzip bytes of every
 * `<script src>` the page's HTML loads, as the production console sends them). Budgets: 60 KB, 100 KB
 * for a chart page. Dynamic pages are measured on a real record: a webhook and a client of the
 * sandbox here; a yield run and a replay's receipts, which only a run makes, by the journeys that make
 * them (through ../fixtures/budget.ts).
 */

/** Dynamic pages whose record only a journey makes, and the journey that measures them. */
export const MEASURED_BY_JOURNEY: Readonly<Record<string, string>> = {
  "/yield/runs/[runId]": "e2e/yield/run-progress.spec.ts",
  "/alerts/[webhookId]/replays/[runId]": "e2e/alerts/receipts.spec.ts",
};

test.use({ storageState: storageState("admin") });

const overBudget = (r: RouteWeight & RouteBudget) =>
  `${r.name} loads ${kb(r.beyondFloor)} of JavaScript beyond the shell; its budget is ${r.budgetKB} KB. ` +
  `Largest scripts: ${r.extra
    .slice(0, 3)
    .map((e) => `${new URL(e.url).pathname} ${kb(e.bytes)}`)
    .join(", ")}`;

test("[BUDGET] first-load JavaScript of every page of the build stays within its budget", async ({
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? "";
  const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
  const [webhook] = await webhooks();
  const { results } = await sandboxGet<{ results: { id: string }[] }>("/api/v3/custodians/me/clients?take=1");
  if (!webhook || !results[0]) throw new Error("the sandbox has no webhook or no client to measure the pages on");
  const { floor, routes, unfilled } = await weighPages(
    origin,
    cookie,
    { webhookId: webhook.id, clientId: results[0].id },
    // The client page on its eject tab: the same scripts as its default assets tab (every tab but the
    // two form tabs is in the page's bundle), without reading the balance of every chain the client
    // has, which would spend the upstream's 200 requests a minute that the journeys after this need.
    { "/clients/[clientId]": "?tab=eject" },
  );

  // Every page of the build is measured here or by the journey named for it; none is left out.
  const pages = builtPages().map((p) => p.name);
  expect(pages.length, "the build's manifest lists the console's pages").toBeGreaterThanOrEqual(15);
  expect(unfilled.map((u) => u.name).sort()).toEqual(Object.keys(MEASURED_BY_JOURNEY).sort());
  expect([...routes.map((r) => r.name), ...unfilled.map((u) => u.name)].sort()).toEqual([...pages].sort());
  // The measure saw real pages: the floor is the framework and the shell, each signed-in page loads it all.
  expect(floor.scripts.length).toBeGreaterThan(3);
  expect(floor.bytes).toBeGreaterThan(50 * KB);

  await test.info().attach("first-load figures", {
    body: [
      `floor (the not-found page): ${kb(floor.bytes)}`,
      ...routes.map((r) => `${r.name}: ${kb(r.beyondFloor)} beyond the floor (budget ${r.budgetKB} KB)`),
    ].join("\n"),
    contentType: "text/plain",
  });
  for (const r of routes) expect.soft(r.beyondFloor / KB, overBudget(r)).toBeLessThanOrEqual(r.budgetKB);
});
