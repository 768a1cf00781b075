import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Input, Select } from "./field";

describe("controls React holds the value of, as the server sends them", () => {
  it("a text field is read-only until React hydrates, so nothing typed before is replaced", () => {
    expect(renderToString(<Input value="" onChange={() => undefined} aria-label="From" />)).toMatch(/readOnly=""/);
    expect(renderToString(<Input defaultValue="" aria-label="Free" />)).not.toMatch(/readOnly/i);
  });

  it("a select is disabled until React hydrates", () => {
    expect(renderToString(<Select value="a" onChange={() => undefined} aria-label="Pick" />)).toMatch(/disabled=""/);
  });
});
