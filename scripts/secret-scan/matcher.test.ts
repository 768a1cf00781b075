import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { describeNeedle, secretMatcher } from "./matcher.mjs";

const token = () => randomBytes(32).toString("base64url");
const share = () =>
  Buffer.from(JSON.stringify({ share: "123", ssid: randomBytes(32).toString("base64") })).toString("base64");

describe("the secret scan's matcher", () => {
  const apiKey = token();
  const blob = share();
  const value = "98765432109876543210987654321098765432109876543210";
  const find = secretMatcher([
    { kind: "client-api-key", value: apiKey },
    { kind: "share", value: blob },
    { kind: "share-value", value },
  ]);

  it("finds a secret wherever it sits: JSON, HTML attributes, log lines, glued to other characters", () => {
    expect(find(`{"clientApiKey":"${apiKey}"}`).map((n) => n.kind)).toEqual(["client-api-key"]);
    expect(find(`<input value="${blob}">`).map((n) => n.kind)).toEqual(["share"]);
    expect(find(`level=info share=${value}\n`).map((n) => n.kind)).toEqual(["share-value"]);
    expect(find(`Bearer_${apiKey}xyz`).map((n) => n.kind)).toEqual(["client-api-key"]);
    expect(find(`x${value}0`).map((n) => n.kind)).toEqual(["share-value"]);
  });

  it("reports where the first occurrence is, each secret once", () => {
    const text = `abc ${apiKey} and again ${apiKey}`;
    expect(find(text)).toEqual([expect.objectContaining({ kind: "client-api-key", offset: 4 })]);
  });

  it("finds nothing in text that holds only other values or a part of a secret", () => {
    expect(find(`{"clientApiKey":"${token()}","masked":"${apiKey.slice(0, 8)}••••"}`)).toEqual([]);
    expect(find(apiKey.slice(1))).toEqual([]);
    expect(find("")).toEqual([]);
  });

  it("refuses needles it could not find reliably, and never prints a whole secret", () => {
    expect(() => secretMatcher([{ kind: "web-otp", value: "short" }])).toThrow(/too short/);
    expect(() => secretMatcher([{ kind: "web-otp", value: "has spaces in it !!" }])).toThrow(/characters/);
    expect(describeNeedle({ kind: "client-api-key", value: apiKey })).toBe(`client-api-key ${apiKey.slice(0, 6)}…`);
    expect(describeNeedle({ kind: "canary", value: "cnry0123456789", from: "createUser password" })).toBe(
      "canary cnry01… (sent in createUser password)",
    );
  });
});
