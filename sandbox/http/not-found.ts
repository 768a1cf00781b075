import type { NotFoundHandler } from "hono";

/** msw's "error" rule: a request no route handles fails loudly instead of passing silently. */
export const notFoundJson: NotFoundHandler = (c) => c.json({ error: `Not found: ${c.req.method} ${c.req.path}` }, 404);
