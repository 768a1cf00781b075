import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { actionDeclaration, type ActionDeclaration } from "@/server/kit/action-registry";
import { isOpsRoute } from "@/server/kit/define-ops-route";

/**
 * Every server action and route handler of the console, found by reading the code (the files of
 * server/actions/ and app/api/**∕route.ts), never from a hand-kept list, with the zod schema each one
 * declared. An action's declaration is kept by defineAction itself (server/kit/action-registry.ts);
 * a route's schema is caught on its way through defineRoute: the test mocks it with
 * `rememberingDefineRoute`, which calls the real one.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
/** next-auth's own handler: its input is next-auth's business and it has its own tests. */
const NOT_OURS = ["app/api/auth/[...nextauth]/route.ts"];

interface RouteDeclaration {
  query: z.ZodType;
}
const declared = new WeakMap<object, RouteDeclaration>();

type Define<C, F> = (config: C) => F;

/** defineRoute that also remembers the config's query schema. */
export function rememberingDefineRoute<C extends RouteDeclaration, F extends object>(real: Define<C, F>) {
  return (config: C): F => {
    const handler = real(config);
    declared.set(handler, { query: config.query });
    return handler;
  };
}

export interface FoundAction {
  /** "clients.ts#mintSessionToken" */
  label: string;
  call: (input: unknown) => Promise<unknown>;
  /** Undefined when the export was not made by defineAction. */
  declaration?: ActionDeclaration;
}

export interface FoundRoute {
  /** "GET /api/clients/[clientId]/assets" */
  label: string;
  /** The URL path template, e.g. /api/clients/[clientId]/assets. */
  template: string;
  /** Names of the dynamic segments, e.g. ["clientId"]. */
  params: string[];
  handler: (request: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
  declaration?: RouteDeclaration;
  /** Its code appends an audit record itself (exports, checkpoints: a read that is an act). */
  writesAudit: boolean;
  /** An operator's route (health, readiness, metrics), made by defineOpsRoute: no session, no query. */
  ops: boolean;
}

/** Each exported function of each module in server/actions/ (tests and helpers aside). */
export async function findActions(): Promise<FoundAction[]> {
  const dir = path.join(ROOT, "server/actions");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts"))
    .sort();
  const found: FoundAction[] = [];
  for (const file of files) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== "function") continue;
      found.push({
        label: `${file}#${name}`,
        call: value as FoundAction["call"],
        declaration: actionDeclaration(value),
      });
    }
  }
  return found;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return routeFiles(full);
      return entry.name === "route.ts" ? [full] : [];
    })
    .sort();
}

/** Each exported HTTP method of each app/api/**∕route.ts, next-auth's own aside. */
export async function findRoutes(): Promise<FoundRoute[]> {
  const found: FoundRoute[] = [];
  for (const file of routeFiles(path.join(ROOT, "app/api"))) {
    const relative = path.relative(ROOT, file).split(path.sep).join("/");
    if (NOT_OURS.includes(relative)) continue;
    const template = `/${relative.replace(/^app\//, "").replace(/\/route\.ts$/, "")}`;
    const params = [...template.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1] ?? "");
    const mod = (await import(file)) as Record<string, unknown>;
    const writesAudit = /\bappendAudit(Safely)?\(/.test(readFileSync(file, "utf8"));
    for (const method of HTTP_METHODS) {
      const handler = mod[method];
      if (typeof handler !== "function") continue;
      found.push({
        label: `${method} ${template}`,
        template,
        params,
        handler: handler as FoundRoute["handler"],
        declaration: declared.get(handler),
        writesAudit,
        ops: isOpsRoute(handler),
      });
    }
  }
  return found;
}
