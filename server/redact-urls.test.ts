import { describe, expect, it } from "vitest";
import { redactUrlSecrets } from "./redact-urls";

/** A URL's own secrets, whatever field or sentence holds it. */
const R = "[redacted]";

describe("secrets in a URL", () => {
  it("the user and the password of a URL, in any scheme", () => {
    expect(redactUrlSecrets("https://alice:hunter2@example.com/path?page=2")).toBe(
      `https://${R}:${R}@example.com/path?page=2`,
    );
    expect(redactUrlSecrets("postgres://console:pg-pass-1@db.internal:5432/console")).toBe(
      `postgres://${R}:${R}@db.internal:5432/console`,
    );
    // A token given as the user alone.
    expect(redactUrlSecrets("https://ghp_abc123@github.com/org/repo.git")).toBe(`https://${R}@github.com/org/repo.git`);
  });

  it("the values of secret-named parameters, in any case, kept in their place among the others", () => {
    expect(redactUrlSecrets("https://h.example/cb?page=2&Token=t-1&sig=s-2&X-Amz-Signature=s-3&take=10")).toBe(
      `https://h.example/cb?page=2&Token=${R}&sig=${R}&X-Amz-Signature=${R}&take=10`,
    );
    expect(redactUrlSecrets("https://h.example/?API_KEY=k-1&apikey=k-2&key=k-3&secret=s-4&password=p-5")).toBe(
      `https://h.example/?API_KEY=${R}&apikey=${R}&key=${R}&secret=${R}&password=${R}`,
    );
    // A name written with percent-escapes is read as URLSearchParams reads it.
    expect(redactUrlSecrets("https://h.example/?api%5Fkey=k-1")).toBe(`https://h.example/?api%5Fkey=${R}`);
  });

  it("an OIDC callback's code and state, on a path without a host", () => {
    expect(redactUrlSecrets("/api/auth/callback/oidc?code=c-1&state=s-2")).toBe(
      `/api/auth/callback/oidc?code=${R}&state=${R}`,
    );
  });

  it("a token in a fragment (an implicit grant's redirect)", () => {
    expect(redactUrlSecrets("https://app.example/cb#access_token=at-1&expires_in=3600")).toBe(
      `https://app.example/cb#access_token=${R}&expires_in=3600`,
    );
  });

  it("each URL inside a sentence, the words around it kept", () => {
    expect(redactUrlSecrets("GET https://u:p-1@h.example/x?otp=123456 failed; retry /y?state=s-2 later")).toBe(
      `GET https://${R}:${R}@h.example/x?otp=${R} failed; retry /y?state=${R} later`,
    );
  });

  it("a URL the parser refuses still loses its user information", () => {
    expect(redactUrlSecrets("https://user:p-1@bad host/x")).not.toContain("p-1");
    expect(redactUrlSecrets("https://user:p-1@[::1/x?token=t-2")).not.toMatch(/p-1|t-2/);
  });

  it("returns text with no secret exactly as it was", () => {
    for (const text of [
      "https://hooks.example/a?page=2&tokenAddress=0xabc&publicKey=pk",
      "https://explorer.example/tx/0xdeadbeef",
      "/clients?cursor=c1&take=10",
      "a = b? c",
      "plain words",
      "https://h.example/caf%C3%A9?q=a+b",
    ])
      expect(redactUrlSecrets(text)).toBe(text);
  });
});
