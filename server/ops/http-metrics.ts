import "server-only";
import { httpDuration, measure } from "./metrics";
import { routeTemplate } from "./route-templates";

/**
 * Every HTTP exchange's duration, recorded by scripts/serve.mjs as the response finishes, labelled
 * by the route template Next matched (./route-templates.ts: `/clients/[clientId]`, never the id), the
 * method, the status and the kind (page, route, action, asset). A path no route knows is
 * "other", so a scan of random URLs cannot grow the label set.
 */

export interface HttpExchange {
  method: string;
  pathname: string;
  status: number;
  seconds: number;
  /** The request carried Next's `next-action` header: a server action posted to a page. */
  action: boolean;
}

export function kindOf(route: string, action: boolean): "page" | "route" | "action" | "asset" {
  if (action) return "action";
  if (route === "/_next") return "asset";
  return route.startsWith("/api/") ? "route" : "page";
}

export function observeHttp(exchange: HttpExchange): void {
  measure(() => {
    const route = routeTemplate(exchange.pathname) ?? "other";
    const method = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(exchange.method)
      ? exchange.method
      : "other";
    httpDuration().observe(
      { route, method, status: String(exchange.status), kind: kindOf(route, exchange.action) },
      exchange.seconds,
    );
  });
}
