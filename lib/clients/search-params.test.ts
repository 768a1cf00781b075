import { describe, expect, it } from "vitest";
import { loadClientDetail, loadClientsList } from "./search-params";

describe("clients pages in the URL", () => {
  it("reads the list's page size and cursor stack as text, absent as null", () => {
    expect(loadClientsList({ take: "50", cursors: "a.b" })).toEqual({ take: "50", cursors: "a.b" });
    expect(loadClientsList({})).toEqual({ take: null, cursors: null });
  });

  it("reads the first value when a parameter is repeated, as a browser's URL would give it", () => {
    expect(loadClientsList({ take: ["25", "100"] }).take).toBe("25");
  });

  it("opens the assets tab by default and keeps only the timeline kinds it knows", () => {
    const state = loadClientDetail({ kinds: "eject,not-a-kind,transfers" });
    expect(state.tab).toBe("assets");
    expect(state.chain).toBeNull();
    expect(state.kinds).toEqual(["eject", "transfers"]);
  });
});
