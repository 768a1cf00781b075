import fc from "fast-check";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/server/db/client";

/**
 * Bad input to every route handler, generated (fast-check). The handlers are found by walking
 * app/api/**∕route.ts (each exported HTTP method; next-auth's own handler aside), not from a list.
 * Each one gets RUNS requests whose query string and dynamic params are hostile: wrong types as
 * text, 100k-character values, NUL, lone surrogates, RTL text and emoji, injection strings, path
 * traversal, out-of-range numbers, missing, repeated and extra keys, and raw malformed
 * percent-encodings. Signed in as an admin, so every request gets as far as the query check.
 *
 * Properties: the status is below 500; an error (400 and up) is JSON with a known code matching
 * the status and a clear message; a query the route's schema refuses is a 400 and reaches no
 * upstream. Routes that write an audit record (export, checkpoint) write through a recorder, as
 * in bad-input-actions-*.test.ts.
 *
 * The seed is fixed and printed with any counterexample; another seed:
 *   BAD_INPUT_SEED=123 npx vitest run server/kit/bad-input-routes.test.ts
 */

// Factories live in the harness (vi.mock itself must stay here, where it is hoisted).
vi.mock("@/server/auth/session", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).sessionModule(original),
);
vi.mock("@/server/request-context", async () =>
  (await import("@/testing/kit/bad-input-harness")).requestContextModule(),
);
vi.mock("@/server/upstream", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).upstreamModule(original),
);
vi.mock("@/server/audit/append", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).auditAppendModule(original),
);
vi.mock("@/server/kit/define-route", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).defineRouteModule(original),
);

const { HTTP_STATUS } = await import("@/server/errors");
const { closeHarnessDb, cpuMs, expectClearError, openHarnessDb, recorders, RUNS, SEED } =
  await import("@/testing/kit/bad-input-harness");
const { findRoutes } = await import("@/testing/kit/entry-points");
const { fieldsOf } = await import("@/testing/kit/zod-fields");
const { pathParam, queryString } = await import("@/testing/kit/hostile-input");

// The operator's routes (health, readiness, metrics) take no query and no session: server/ops tests them.
const routes = (await findRoutes()).filter((route) => !route.ops);
const upstreamCalls = recorders.upstream.calls;
const audit = recorders.audit;

let handle: DbHandle;
// PGlite's start (WASM, initdb, migrations) is seconds on a quiet machine, more than a minute on a busy one.
beforeAll(async () => {
  handle = await openHarnessDb();
}, 180_000);
afterAll(() => closeHarnessDb(handle));

describe("bad input to every route handler", () => {
  it("finds more than 25 route handlers by walking app/api/, each made by defineRoute", () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((r) => !r.declaration).map((r) => r.label)).toEqual([]);
  });

  for (const found of routes) {
    it(`${found.label}: ${RUNS} hostile query strings and params answer below 500, errors as JSON with a clear message, no upstream call for a refused query`, async () => {
      const declaration = found.declaration;
      if (!declaration) throw new Error(`${found.label} was not made by defineRoute`);
      const method = found.label.split(" ")[0];
      const params = fc.record(Object.fromEntries(found.params.map((p) => [p, pathParam])), { requiredKeys: [] });
      let passed = 0;
      const cpu = await cpuMs(() =>
        fc.assert(
          fc.asyncProperty(queryString(fieldsOf(declaration.query), found.params), params, async (query, segment) => {
            upstreamCalls.length = 0;
            audit.entries.length = 0;
            audit.failures.length = 0;
            const url = `http://console.test${found.template}${query ? `?${query}` : ""}`;
            const request = new NextRequest(url, { method });

            const response = await found.handler(request, {
              params: Promise.resolve(segment as Record<string, string>),
            });

            // What the route parses: the query's last value per key, then the path params.
            const raw = { ...Object.fromEntries(request.nextUrl.searchParams), ...segment };
            const valid = declaration.query.safeParse(raw).success;
            if (valid) passed += 1;
            let body: { error: { code: keyof typeof HTTP_STATUS; message: string } } | undefined;
            if (response.status >= 400) body = await response.json();
            else await response.body?.cancel();
            // What happened, beside what must have happened; compared plainly, explained by expect.
            const seen = {
              below500: response.status < 500,
              errorStatusMatchesCode: body ? HTTP_STATUS[body.error?.code] === response.status : true,
              upstreamCalls: upstreamCalls.length,
              records: audit.entries.length,
              unstorable: audit.failures.map((f) => f.problem),
            };
            const due = {
              below500: true,
              errorStatusMatchesCode: true,
              // A refused query reaches nothing; only a route that records itself (export, checkpoint) writes, once, on success.
              upstreamCalls: valid ? seen.upstreamCalls : 0,
              records: found.writesAudit && response.status < 300 ? 1 : 0,
              unstorable: [],
            };
            if (JSON.stringify(seen) !== JSON.stringify(due))
              expect(seen, `${response.status} for ${url.slice(0, 300)}`).toEqual(due);
            if (!valid && response.status !== 400) expect(response.status, `refused ${url.slice(0, 300)}`).toBe(400);
            if (body) expectClearError(body.error);
          }),
          { numRuns: RUNS, seed: SEED },
        ),
      );
      console.info(`${found.label}: ${RUNS} requests (${passed} passed the schema) in ${cpu} ms of CPU`);
    }, 60_000);
  }
});
