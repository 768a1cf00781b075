import { Check, Copy } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckIcon, CopyIcon } from "./copy-button";

describe("the copy button's icons", () => {
  it("are lucide's own markup, attribute for attribute", () => {
    expect(renderToStaticMarkup(<CopyIcon />)).toBe(renderToStaticMarkup(<Copy className="size-3.5" aria-hidden />));
    expect(renderToStaticMarkup(<CheckIcon />)).toBe(
      renderToStaticMarkup(<Check className="size-3.5 text-success" aria-hidden />),
    );
  });
});
