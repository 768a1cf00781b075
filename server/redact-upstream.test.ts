import { describe, expect, it } from "vitest";
import { REDACTED, collectSecrets, redact, scrubSecrets } from "@/server/redact";

describe("redact", () => {
  it("replaces secret fields at any depth and leaves the input alone", () => {
    const input = {
      headers: { Authorization: "Bearer k", "x-request-id": "r1" },
      body: { share: "eyJzZWNyZXQ", chainId: "eip155:1", nested: [{ clientSessionToken: "t", otp: "123456" }] },
      clientApiKey: "key",
      custodianBackupShare: "{}",
    };
    const out = redact(input);
    expect(out).toEqual({
      headers: { Authorization: REDACTED, "x-request-id": "r1" },
      body: { share: REDACTED, chainId: "eip155:1", nested: [{ clientSessionToken: REDACTED, otp: REDACTED }] },
      clientApiKey: REDACTED,
      custodianBackupShare: REDACTED,
    });
    expect(input.body.share).toBe("eyJzZWNyZXQ");
  });

  it("survives cycles", () => {
    const a: Record<string, unknown> = { share: "s" };
    a.self = a;
    expect(redact(a)).toEqual({ share: REDACTED, self: "[…]" });
  });
});

describe("collectSecrets and scrubSecrets", () => {
  it("collects secret values, including those inside a secret JSON string", () => {
    const secrets = collectSecrets({
      share: "share-value-1",
      to: "0xabc",
      generateResponse: JSON.stringify({ SECP256K1: { share: "inner-share-2", id: "p1" } }),
    });
    expect(secrets.has("share-value-1")).toBe(true);
    expect(secrets.has("inner-share-2")).toBe(true);
    expect(secrets.has("0xabc")).toBe(false);
  });

  it("cuts known secrets and token-shaped strings out of text", () => {
    const text = "share share-value-1 rejected; header Bearer abc.def; blob eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig";
    const out = scrubSecrets(text, ["share-value-1"]);
    expect(out).not.toContain("share-value-1");
    expect(out).not.toContain("abc.def");
    expect(out).not.toContain("eyJ");
    expect(out).toContain("rejected");
  });

  it("ignores secrets too short to scrub safely", () => {
    expect(scrubSecrets("code 12 failed", ["12"])).toBe("code 12 failed");
  });
});
