/**
 * Token logos the balance responses point at. The real API links a CDN; the sandbox draws a small
 * SVG per symbol itself, so the links work offline and never leave the machine.
 */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { SandboxHttpEnv } from "../http/types";

export const LOGO_PATH = "/static/logos";

export function logoUrls(origin: string, symbol: string): { logo: string; thumbnail: string } {
  const file = `${encodeURIComponent(symbol.toLowerCase())}.svg`;
  return { logo: `${origin}${LOGO_PATH}/${file}`, thumbnail: `${origin}${LOGO_PATH}/${file}?size=thumbnail` };
}

export function logoRoutes() {
  const app = new Hono<SandboxHttpEnv>();
  app.get(`${LOGO_PATH}/:file{[a-z0-9._-]+\\.svg}`, (c) => {
    const symbol = c.req
      .param("file")
      .replace(/\.svg$/, "")
      .toUpperCase()
      .slice(0, 5);
    const hue = createHash("sha256").update(symbol).digest()[0] ?? 0;
    const size = c.req.query("size") === "thumbnail" ? 32 : 128;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
      `<circle cx="32" cy="32" r="32" fill="hsl(${Math.round((hue / 255) * 360)} 60% 45%)"/>` +
      `<text x="32" y="38" font-family="sans-serif" font-size="${symbol.length > 3 ? 13 : 17}" font-weight="700" fill="#fff" text-anchor="middle">${symbol.replace(/[^A-Z0-9]/g, "")}</text></svg>`;
    return c.body(svg, 200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" });
  });
  return app;
}
