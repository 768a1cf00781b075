/**
 * Test control of a running sandbox (only when SANDBOX_CONTROL=on): rules that slow down or fail
 * the requests whose path matches, set and cleared at run time. The browser journeys use them for
 * what a fixed knob cannot give, e.g. one failing call on a page whose other calls succeed, or one
 * slow card beside fast ones.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { badRequest } from "./errors";
import type { SandboxHttpEnv } from "./types";

export const ruleSchema = z.object({
  /** A regular expression matched against the request's path (and query string). */
  path: z.string().min(1).max(500),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  /** Answer with a 500, with a 200 whose JSON is cut off, or drop the connection with no answer. */
  fault: z.enum(["500", "malformed", "reset"]).optional(),
  /** How many matching requests the rule applies to; unset = until cleared. */
  times: z.number().int().min(1).max(10_000).optional(),
  /** The share of matching requests the rule applies to, drawn per request (the fault knob's rate, for one path). */
  rate: z.number().gt(0).max(1).optional(),
  /**
   * Fields added to every record of a matching JSON answer's list (`data`, or `results` for the
   * clients list): fields the spec does not name.
   */
  extraFields: z.record(z.string(), z.unknown()).optional(),
});
export type ControlRule = z.infer<typeof ruleSchema> & { pattern: RegExp };

export interface Control {
  rules: ControlRule[];
}

export function controlled(control: Control): MiddlewareHandler<SandboxHttpEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const target = `${url.pathname}${url.search}`;
    const rule = control.rules.find(
      (r) =>
        r.pattern.test(target) &&
        (r.times === undefined || r.times > 0) &&
        (r.rate === undefined || Math.random() < r.rate),
    );
    if (!rule) return next();
    if (rule.times !== undefined) rule.times -= 1;
    if (rule.latencyMs) await sleep(rule.latencyMs, undefined, { ref: false });
    if (rule.fault === "500") return c.json({ error: "Simulated internal server error (sandbox control rule)" }, 500);
    if (rule.fault === "malformed") return c.body('{"data":[{"id":"', 200, { "content-type": "application/json" });
    if (rule.fault === "reset") {
      c.env?.incoming?.socket?.destroy();
      return c.body(null, 502);
    }
    await next();
    if (rule.extraFields) await addFields(c, rule.extraFields);
  };
}

/** The envelopes' list keys: `data` (webhooks, events, most lists), `results` (clients). */
const LIST_KEYS = ["data", "results"] as const;

async function addFields(c: Context<SandboxHttpEnv>, fields: Record<string, unknown>) {
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => undefined);
  if (!body || typeof body !== "object") return;
  const key = LIST_KEYS.find((k) => Array.isArray((body as Record<string, unknown>)[k]));
  if (!key) return;
  const list = ((body as Record<string, unknown[]>)[key] ?? []).map((record) => ({ ...(record as object), ...fields }));
  const headers = new Headers(c.res.headers);
  headers.delete("content-length");
  const status = c.res.status;
  c.res = undefined; // replaced, not merged: Hono would copy the old length onto the longer body
  c.res = new Response(JSON.stringify({ ...body, [key]: list }), { status, headers });
}

/** PUT /_sandbox/rules {rules:[…]} replaces the rules; DELETE clears them. Custodian key required. */
export function controlRoutes(control: Control, custodianApiKey: string) {
  const app = new Hono<SandboxHttpEnv>();
  app.use("/_sandbox/*", async (c, next) => {
    if (c.req.header("authorization") !== `Bearer ${custodianApiKey}`)
      return c.json({ error: "custodian key required" }, 401);
    return next();
  });
  app.put("/_sandbox/rules", async (c) => {
    const parsed = z.object({ rules: z.array(ruleSchema).max(50) }).safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw badRequest(`rules: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    const compiled: ControlRule[] = [];
    for (const rule of parsed.data.rules) {
      try {
        compiled.push({ ...rule, pattern: new RegExp(rule.path) });
      } catch {
        throw badRequest(`rules: ${rule.path} is not a regular expression`);
      }
    }
    control.rules = compiled;
    return c.json({ rules: compiled.length });
  });
  app.delete("/_sandbox/rules", (c) => {
    control.rules = [];
    return c.json({ rules: 0 });
  });
  return app;
}
