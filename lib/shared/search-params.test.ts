import { createLoader } from "nuqs/server";
import { describe, expect, it } from "vitest";
import { loadHealth, loadReceipts } from "../alerts/search-params";
import { positionsPageUrl } from "../yield/search-params";
import { zoneParsers } from "./search-params";

describe("URL state read the same by a page and its view", () => {
  const loadZone = createLoader(zoneParsers);

  it("reads a zone the runtime knows, and UTC for anything else", () => {
    expect(loadZone({ tz: "Europe/Paris" }).tz).toBe("Europe/Paris");
    for (const bad of ["Mars/Olympus", "../etc/passwd", "", "<script>"]) expect(loadZone({ tz: bad }).tz).toBe("UTC");
    expect(loadZone({}).tz).toBe("UTC");
  });

  it("reads the health page's range, zone and test switch, with their defaults for bad values", () => {
    expect(loadHealth({ range: "24h", tz: "Asia/Tokyo", test: "only" })).toEqual({
      range: "24h",
      tz: "Asia/Tokyo",
      test: "only",
    });
    expect(loadHealth({ range: "1y", tz: "nowhere", test: "all" })).toEqual({
      range: "7d",
      tz: "UTC",
      test: "exclude",
    });
  });

  it("reads a receipts outcome only when it is one", () => {
    expect(loadReceipts({ outcome: "delivered" }).outcome).toBe("delivered");
    expect(loadReceipts({ outcome: "lost" }).outcome).toBe("all");
  });

  it("links a run back to the client's positions on its network", () => {
    const url = new URL(positionsPageUrl("client-1", "eip155:11155111"), "http://x");
    expect(url.pathname).toBe("/yield");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client: "client-1",
      tab: "positions",
      networks: "eip155:11155111",
    });
  });
});
