import { describe, expect, it } from "vitest";
import { clientAddress, trustedRequestId } from "./client-address";

describe("the client's address", () => {
  it("is the connection's own peer when no proxy is trusted, whatever the client sent", () => {
    // The serving process appended the peer (198.51.100.4) after what the client claimed.
    expect(clientAddress("203.0.113.66, 198.51.100.4", 0, true)).toBe("198.51.100.4");
    expect(clientAddress("198.51.100.4", 0, true)).toBe("198.51.100.4");
    expect(clientAddress("::ffff:127.0.0.1", 0, true)).toBe("127.0.0.1");
  });

  it("is the entry left of the trusted proxies, never one further left", () => {
    // client-forged, real client as seen by the proxy, proxy (peer)
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.0.0.2", 1, true)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.0.0.3, 10.0.0.2", 2, true)).toBe("203.0.113.9");
    // Fewer hops than configured: the leftmost entry is the best that is known.
    expect(clientAddress("10.0.0.2", 2, true)).toBe("10.0.0.2");
  });

  it("is unknown when the serving process did not record the peer, or the entry is not an address", () => {
    expect(clientAddress("203.0.113.66", 0, false)).toBeNull();
    expect(clientAddress(null, 0, true)).toBeNull();
    expect(clientAddress("evil<script>, not-an-ip", 0, true)).toBeNull();
  });
});

describe("a request id from outside", () => {
  it("is kept only from a trusted proxy and only in a safe form", () => {
    expect(trustedRequestId("0f3a2c1e-aaaa-4bbb-8ccc-123456789abc", 1)).toBe("0f3a2c1e-aaaa-4bbb-8ccc-123456789abc");
    expect(trustedRequestId("0f3a2c1e-aaaa-4bbb-8ccc-123456789abc", 0)).toBeNull();
    for (const bad of [
      "short",
      "has space in it",
      "line\nbreak-injected-here",
      "<script>alert(1)</script>",
      "x".repeat(200),
    ])
      expect(trustedRequestId(bad, 1)).toBeNull();
  });
});
