import { readFileSync } from "node:fs";
import path from "node:path";
import { Check, Copy } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckIcon } from "./copy-button";

/** Each element of an SVG's markup as its name and attributes, whichever quotes or closing it was written with. */
const shapes = (svg: string) =>
  [...svg.matchAll(/<(\w+)((?:\s+[\w:-]+=(?:"[^"]*"|'[^']*'))*)\s*\/?>/g)].map(([, name, attrs = ""]) => ({
    name,
    attrs: Object.fromEntries(
      [...attrs.matchAll(/([\w:-]+)=(?:"([^"]*)"|'([^']*)')/g)].map((a) => [a[1], a[2] ?? a[3]]),
    ),
  }));

describe("the copy button's icons", () => {
  it("check is lucide's own markup, attribute for attribute", () => {
    expect(renderToStaticMarkup(<CheckIcon />)).toBe(
      renderToStaticMarkup(<Check className="size-3.5 text-success" aria-hidden />),
    );
  });

  it("copy, a CSS mask, draws lucide's own shapes with lucide's stroke", () => {
    const css = readFileSync(path.join(process.cwd(), "app/globals.css"), "utf8");
    const mask = /@utility icon-copy \{[^}]*url\("data:image\/svg\+xml;utf8,(<svg.*?<\/svg>)"\)/s.exec(css)?.[1];
    expect(mask).toBeDefined();
    const [maskSvg, ...maskShapes] = shapes(mask!);
    const [lucideSvg, ...lucideShapes] = shapes(renderToStaticMarkup(<Copy />));
    expect(maskShapes).toEqual(lucideShapes);
    expect(maskShapes.length).toBeGreaterThan(0);
    // The same drawing: only the colour differs (a mask is opaque where it draws, whatever the colour).
    const { stroke: _own, class: _lucide, width: _w, height: _h, "aria-hidden": _hidden, ...drawn } = lucideSvg!.attrs;
    expect(maskSvg!.attrs).toMatchObject(drawn);
  });
});
