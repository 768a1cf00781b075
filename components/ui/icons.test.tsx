import { readFileSync } from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

/** Each element of an SVG's markup as its name and attributes, whichever quotes or closing it was written with. */
const shapes = (svg: string) =>
  [...svg.matchAll(/<(\w+)((?:\s+[\w:-]+=(?:"[^"]*"|'[^']*'))*)\s*\/?>/g)].map(([, name, attrs = ""]) => ({
    name,
    attrs: Object.fromEntries(
      [...attrs.matchAll(/([\w:-]+)=(?:"([^"]*)"|'([^']*)')/g)].map((a) => [a[1], a[2] ?? a[3]]),
    ),
  }));

const css = readFileSync(path.join(process.cwd(), "app/globals.css"), "utf8");
/** Every icon drawn by CSS: its name (icon-<lucide name>) and the SVG of its mask. */
const masks = [
  ...css.matchAll(/@utility icon-([a-z-]+) \{[^}]*url\("data:image\/svg\+xml;utf8,(<svg.*?<\/svg>)"\)/gs),
].map(([, name, svg]) => ({ name: name!, svg: svg! }));
const pascal = (name: string) =>
  name
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

describe("the icons drawn by CSS masks (app/globals.css)", () => {
  it("are the copy button's and the shell's", () => {
    expect(masks.map((m) => m.name).sort()).toEqual(
      [
        "bell",
        "copy",
        "flame",
        "folder-open",
        "list-checks",
        "log-out",
        "monitor",
        "moon",
        "scroll-text",
        "search",
        "shield-check",
        "sprout",
        "sun",
        "user-cog",
        "users",
      ].sort(),
    );
  });

  it.each(masks)("icon-$name draws lucide's own shapes with lucide's stroke", ({ name, svg }) => {
    const icon = (lucide as unknown as Record<string, ComponentType>)[pascal(name)];
    expect(icon, `lucide-react has no ${pascal(name)}`).toBeDefined();
    const [maskSvg, ...maskShapes] = shapes(svg);
    const [lucideSvg, ...lucideShapes] = shapes(renderToStaticMarkup(createElement(icon!)));
    expect(maskShapes.length).toBeGreaterThan(0);
    expect(maskShapes).toEqual(lucideShapes);
    // The same drawing: only the colour differs (a mask is opaque where it draws, whatever the colour).
    const { stroke: _own, class: _lucide, width: _w, height: _h, "aria-hidden": _hidden, ...drawn } = lucideSvg!.attrs;
    expect(maskSvg!.attrs).toMatchObject(drawn);
  });
});
