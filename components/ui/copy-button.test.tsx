import { Check } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckIcon } from "./copy-button";

describe("the copy button's icons", () => {
  it("check is lucide's own markup, attribute for attribute", () => {
    expect(renderToStaticMarkup(<CheckIcon />)).toBe(
      renderToStaticMarkup(<Check className="size-3.5 text-success" aria-hidden />),
    );
  });
});
