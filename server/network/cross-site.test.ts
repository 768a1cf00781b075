import { describe, expect, it } from "vitest";
import { consoleOrigin, crossSiteVerdict, type OwnOriginInput } from "./cross-site";

const OWN = "https://console.example.com";
const headers = (h: Record<string, string>) => new Headers(h);
const verdict = (h: Record<string, string>, own: string | null = OWN) => crossSiteVerdict(headers(h), own).allowed;

describe("the cross-site verdict", () => {
  it.each([
    // What a browser says first decides, whatever else comes with it.
    [{ "sec-fetch-site": "same-origin" }, true],
    [{ "sec-fetch-site": "none" }, true],
    [{ "sec-fetch-site": "Same-Origin" }, true],
    [{ "sec-fetch-site": "cross-site" }, false],
    // A sibling subdomain is another application, not the console.
    [{ "sec-fetch-site": "same-site" }, false],
    [{ "sec-fetch-site": "somewhere-new" }, false],
    [{ "sec-fetch-site": "cross-site", origin: OWN, referer: `${OWN}/audit` }, false],
    [{ "sec-fetch-site": "same-origin", referer: "https://evil.example/" }, true],
    // No Sec-Fetch-Site (an older browser): Origin, then Referer.
    [{ origin: OWN }, true],
    [{ origin: "https://console.example.com:443" }, true],
    [{ origin: "https://evil.example" }, false],
    [{ origin: "null" }, false],
    [{ origin: "http://console.example.com" }, false],
    [{ origin: "https://console.example.com:8443" }, false],
    [{ origin: "https://sub.console.example.com" }, false],
    [{ origin: "not a url" }, false],
    [{ origin: "https://evil.example", referer: `${OWN}/clients` }, false],
    [{ origin: OWN, referer: "https://evil.example/page" }, true],
    [{ referer: `${OWN}/audit?from=2026-01-01` }, true],
    [{ referer: "https://evil.example/page?x=1" }, false],
    [{ referer: "https://console.example.com.evil.example/" }, false],
    [{ referer: "garbage" }, false],
    // Nothing at all: curl, a load balancer, monitoring. No browser, so no borrowed cookie.
    [{}, true],
    // An empty header says nothing; no browser sends one.
    [{ "sec-fetch-site": "", origin: "", referer: "" }, true],
  ])("%j → allowed %s", (h, allowed) => {
    expect(verdict(h)).toBe(allowed);
  });

  it("refuses any Origin or Referer when the console's own origin is unknown", () => {
    expect(verdict({ origin: OWN }, null)).toBe(false);
    expect(verdict({ referer: `${OWN}/` }, null)).toBe(false);
    expect(verdict({ "sec-fetch-site": "same-origin" }, null)).toBe(true);
    expect(verdict({}, null)).toBe(true);
  });

  it("says why it refused, without a foreign page's path or query", () => {
    const refused = crossSiteVerdict(headers({ referer: "https://evil.example/a/b?token=x" }), OWN);
    expect(refused).toEqual({ allowed: false, reason: "Referer from https://evil.example" });
    expect(crossSiteVerdict(headers({ "sec-fetch-site": "cross-site" }), OWN)).toEqual({
      allowed: false,
      reason: "Sec-Fetch-Site: cross-site",
    });
  });
});

describe("the console's own origin", () => {
  const base: OwnOriginInput = {
    host: "console.example.com",
    forwardedHost: null,
    forwardedProto: null,
    trustedProxies: 0,
    protoFromSocket: true,
  };
  const origin = (over: Partial<OwnOriginInput>) => consoleOrigin({ ...base, ...over });

  it("reached directly: the Host header and the socket's own protocol (as the serving process wrote it)", () => {
    expect(origin({ forwardedProto: "http" })).toBe("http://console.example.com");
    expect(origin({ forwardedProto: "https" })).toBe("https://console.example.com");
    expect(origin({ host: "127.0.0.1:3100", forwardedProto: "http" })).toBe("http://127.0.0.1:3100");
    expect(origin({ host: "[::1]:3100", forwardedProto: "http" })).toBe("http://[::1]:3100");
  });

  it("reached directly: a client's X-Forwarded-Host is not believed", () => {
    expect(origin({ forwardedHost: "evil.example", forwardedProto: "http" })).toBe("http://console.example.com");
  });

  it("without the serving process, never https on a header's word", () => {
    expect(origin({ forwardedProto: "https", protoFromSocket: false })).toBe("http://console.example.com");
  });

  it("behind trusted proxies: the host and protocol the nearest proxy wrote", () => {
    const behind = { trustedProxies: 1, protoFromSocket: false, host: "10.0.0.5:3000" };
    expect(origin({ ...behind, forwardedHost: "console.example.com", forwardedProto: "https" })).toBe(OWN);
    // Entries left of the nearest proxy's are whatever the client sent.
    expect(origin({ ...behind, forwardedHost: "evil.example, console.example.com", forwardedProto: "https" })).toBe(
      OWN,
    );
    expect(origin({ ...behind, forwardedProto: "http, https" })).toBe("https://10.0.0.5:3000");
    // A proxy that passes Host on and sets no X-Forwarded-Host.
    expect(origin({ ...behind, host: "console.example.com", forwardedProto: "https" })).toBe(OWN);
  });

  it("NEXTAUTH_URL, when set, is the origin whatever the headers say", () => {
    const publicUrl = "https://console.example.com/";
    expect(origin({ publicUrl, host: "10.0.0.5:3000", forwardedProto: "http" })).toBe(OWN);
    expect(origin({ publicUrl, trustedProxies: 2, forwardedHost: "evil.example", forwardedProto: "http" })).toBe(OWN);
  });

  it("is unknown when the host is missing or is not a host", () => {
    expect(origin({ host: null })).toBeNull();
    expect(origin({ host: "" })).toBeNull();
    expect(origin({ host: "evil.example/@console.example.com" })).toBeNull();
    expect(origin({ host: "user@console.example.com" })).toBeNull();
    expect(origin({ trustedProxies: 1, forwardedHost: "a b", host: "console.example.com" })).toBeNull();
  });

  it("together: the same page's request passes behind a proxy, another site's does not", () => {
    const own = origin({
      trustedProxies: 1,
      protoFromSocket: false,
      host: "10.0.0.5:3000",
      forwardedHost: "console.example.com",
      forwardedProto: "https",
    });
    expect(crossSiteVerdict(headers({ origin: OWN }), own).allowed).toBe(true);
    expect(crossSiteVerdict(headers({ origin: "http://console.example.com" }), own).allowed).toBe(false);
    expect(crossSiteVerdict(headers({ origin: "https://10.0.0.5:3000" }), own).allowed).toBe(false);
  });
});
