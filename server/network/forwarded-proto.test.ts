import { describe, expect, it } from "vitest";
import { requestIsHttps } from "./forwarded-proto";

describe("whether a request came in over https", () => {
  it("with no trusted proxy, is what the serving process wrote from its own socket", () => {
    expect(requestIsHttps("https", 0, true)).toBe(true);
    expect(requestIsHttps("http", 0, true)).toBe(false);
    expect(requestIsHttps(null, 0, true)).toBe(false);
  });

  it("with no trusted proxy and no serving process to overwrite it, never believes the header", () => {
    // `next start` alone passes on whatever the client sent.
    for (const sent of ["https", "HTTPS", "http, https", null]) expect(requestIsHttps(sent, 0, false)).toBe(false);
  });

  it("behind trusted proxies, is the value the nearest proxy set", () => {
    expect(requestIsHttps("https", 1, false)).toBe(true);
    expect(requestIsHttps("HTTPS", 2, false)).toBe(true);
    expect(requestIsHttps("http, https", 1, false)).toBe(true);
    // A client's claim left of what the proxy wrote does not count.
    expect(requestIsHttps("https, http", 1, false)).toBe(false);
    expect(requestIsHttps(null, 1, false)).toBe(false);
    expect(requestIsHttps("", 1, false)).toBe(false);
  });
});
