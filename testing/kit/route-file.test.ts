import { describe, expect, it } from "vitest";
import { routeFileOf } from "./route-file";

describe("the route file a URL reaches", () => {
  it("prefers a folder of the segment's name to a dynamic one, and ignores the query", () => {
    expect(routeFileOf("/api/audit/facets?x=1")).toBe("app/api/audit/facets/route.ts");
    expect(routeFileOf("/api/audit/0b3e")).toBe("app/api/audit/[recordId]/route.ts");
  });

  it("lets a catch-all take the rest of the path", () => {
    expect(routeFileOf("/api/auth/session")).toBe("app/api/auth/[...nextauth]/route.ts");
  });

  it("finds nothing for a route that does not exist, or a folder without a handler", () => {
    expect(routeFileOf("/api/yield/nowhere")).toBeNull();
    expect(routeFileOf("/api/alerts")).toBeNull();
  });
});
