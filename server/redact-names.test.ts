import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpointList } from "@/lib/contracts/endpoints";
import { REDACTED, isSecretField, redact, redactJsonInPlace } from "@/server/redact";
import * as fixtures from "@/testing/contracts/fixtures";

/**
 * The one rule for which field names mean a secret (server/redact-names.ts), as the upstream client
 * applies it to every answer: secret names at any depth, in any case and spelling, are replaced;
 * no field the real API documents is.
 */

describe("which names mean a secret", () => {
  it.each([
    "secret",
    "signingSecret",
    "webhookSecret",
    "clientSecret",
    "x-webhook-secret",
    "WEBHOOK_SECRET",
    "apiKey",
    "api_key",
    "API-KEY",
    "clientApiKey",
    "custodianApiKey",
    "secretKey",
    "accessToken",
    "access_token",
    "refreshToken",
    "authToken",
    "sessionToken",
    "clientSessionToken",
    "bearerToken",
    "idToken",
    "password",
    "newPassword",
    "passphrase",
    "share",
    "shares",
    "Shares",
    "custodianBackupShare",
    "encryptedClientBackupShare",
    "privateKey",
    "PRIVATE_KEY",
    "mnemonic",
    "seedPhrase",
    "seed_phrase",
    "credentials",
    "otp",
    "OTP",
    "authorization",
    "Proxy-Authorization",
    "cookie",
    "set-cookie",
    "generateResponse",
    "backupResponse",
    // Key material by its other names, in every spelling.
    "signingKey",
    "signing_key",
    "SIGNING-KEY",
    "webhookSigningKey",
    "hmacKey",
    "hmac_key",
    "HMAC-KEY",
    "keyShare",
    "key_share",
    "KeyShares",
    "seed",
    "SEED",
    "walletSeed",
    "wallet_seed",
    "mnemonic",
    "MNEMONIC",
    "privateKey",
    "private-key",
    "apiSecret",
    "api_secret",
    "API-SECRET",
  ])("%s", (name) => {
    expect(isSecretField(name, "some-value-1234567890")).toBe(true);
  });

  it.each([
    // Data the real API documents whose names come close.
    "publicKey",
    "cosmosPubKey",
    "shareAmount",
    "shareAmountRaw",
    "shareToken",
    "outputToken",
    "gasFeeToken",
    "inputToken",
    "inputTokens",
    "tokens",
    "tokenAddress",
    "tokenSymbol",
    "tokenDecimals",
    "tokenId",
    "nftTokenId",
    "tokenBalances",
    "rawTokenAmount",
    "backupSharePairs",
    "signingSharePairs",
    "backupSharePairId",
    "passthrough",
    "signedTransaction",
    "unsignedTransaction",
    "signatureHashes",
    "errorMessage",
    "keyword",
    "sharesFetchedAt",
    "seedClients",
    "keyId",
    "signingKeyId",
  ])("not %s", (name) => {
    expect(isSecretField(name, "some-value-1234567890")).toBe(false);
  });

  it("a boolean or null under a secret name says whether, not what: kept", () => {
    expect(isSecretField("mustChangePassword", true)).toBe(false);
    expect(isSecretField("hasShares", false)).toBe(false);
    expect(isSecretField("signingSecret", null)).toBe(false);
    // A number may be an OTP.
    expect(isSecretField("otp", 123456)).toBe(true);
    expect(isSecretField("apiKey", { id: "k1", value: "v" })).toBe(true);
  });

  it("`token` is a secret only as a string that does not read as an asset", () => {
    for (const asset of [
      "USDC",
      "NATIVE",
      "stETH",
      "USDC.e",
      "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
      "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    ])
      expect(isSecretField("token", asset), asset).toBe(false);
    for (const credential of [
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln",
      "ghp_0123456789abcdefABCDEF0123456789abcd",
      "3f1c9c2e-6a51-4c1b-9f1e-2b7d8f0a9c11",
      "sk_live_0123456789abcdef",
      "a-secret-token-value",
    ])
      expect(isSecretField("token", credential), credential).toBe(true);
    expect(isSecretField("token", { symbol: "LINK", decimals: 18 })).toBe(false);
    expect(isSecretField("Token", "eyJhbGciOiJIUzI1NiJ9.e30.x")).toBe(true);
  });

  it("without a value: whether a field of that name may hold a secret (for schemas)", () => {
    expect(isSecretField("signingSecret")).toBe(true);
    expect(isSecretField("token")).toBe(true);
    expect(isSecretField("tokenAddress")).toBe(false);
  });
});

describe("an answer with secrets in it", () => {
  it("has them replaced at any depth, in arrays, in any case; everything else is left as it was", () => {
    const answer = {
      data: [
        {
          id: "w1",
          url: "https://hooks.example/a",
          signingSecret: "whsec_1",
          nested: { API_KEY: "k2", deeper: [{ privateKey: "0x3", index: 0 }, { Mnemonic: "m4" }] },
          reward: { token: { symbol: "USDC", address: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" } },
          hasShares: true,
        },
      ],
      metadata: { cursor: null, refresh_token: "r5" },
    };
    const same = redactJsonInPlace(answer);
    expect(same).toBe(answer);
    expect(answer).toEqual({
      data: [
        {
          id: "w1",
          url: "https://hooks.example/a",
          signingSecret: REDACTED,
          nested: { API_KEY: REDACTED, deeper: [{ privateKey: REDACTED, index: 0 }, { Mnemonic: REDACTED }] },
          reward: { token: { symbol: "USDC", address: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" } },
          hasShares: true,
        },
      ],
      metadata: { cursor: null, refresh_token: REDACTED },
    });
  });

  it("is followed to any depth (a log object is cut at eight levels; an answer never is)", () => {
    let deep: Record<string, unknown> = { password: "p", value: 1 };
    for (let i = 0; i < 30; i++) deep = { level: i, child: deep };
    const text = JSON.stringify(redactJsonInPlace(structuredClone(deep)));
    expect(text).not.toContain('"p"');
    expect(text).not.toContain("[…]");
    expect(text).toContain('"value":1');
  });

  it("a log object gets the same rule", () => {
    expect(redact({ req: { headers: { "X-Api-Key": "k" } }, user: { mustChangePassword: true } })).toEqual({
      req: { headers: { "X-Api-Key": REDACTED } },
      user: { mustChangePassword: true },
    });
  });
});

/** Every property of a JSON schema, with the schema of its value, at any depth. */
function properties(node: unknown, into: { name: string; schema: unknown }[] = []) {
  if (typeof node !== "object" || node === null) return into;
  if (Array.isArray(node)) {
    for (const item of node) properties(item, into);
    return into;
  }
  const record = node as Record<string, unknown>;
  if (typeof record.properties === "object" && record.properties !== null)
    for (const [name, schema] of Object.entries(record.properties)) into.push({ name, schema });
  for (const value of Object.values(record)) properties(value, into);
  return into;
}

/** Whether a JSON schema (or one of its alternatives) admits a string; a schema that says nothing does. */
function admitsString(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return true;
  const s = schema as { type?: string | string[]; anyOf?: unknown[]; oneOf?: unknown[] };
  if (s.type !== undefined) return ([] as string[]).concat(s.type).includes("string");
  const alternatives = s.anyOf ?? s.oneOf;
  return alternatives ? alternatives.some(admitsString) : true;
}

describe("the real API's documented fields", () => {
  const redacting = endpointList.filter((e) => !e.handsOutSecret);

  it("the endpoints whose answers are returned as sent are exactly those that exist to hand out a secret", () => {
    expect(endpointList.filter((e) => e.handsOutSecret).map((e) => e.id)).toEqual([
      "createClient",
      "createClientSession",
      "getWebOtp",
      "getEjectableBackupShares",
      "mpcGenerate",
      "mpcBackup",
      "mpcRecover",
    ]);
    // Each of them has a documented secret; none is exempt for nothing.
    for (const e of endpointList.filter((x) => x.handsOutSecret)) {
      const names = properties(z.toJSONSchema(e.response, { unrepresentable: "any", io: "output" })).map((p) => p.name);
      expect(
        names.some((n) => isSecretField(n)),
        `${e.id} documents a secret`,
      ).toBe(true);
    }
  });

  it("no response schema of any other endpoint has a field the rule would redact", () => {
    const flagged: string[] = [];
    for (const e of redacting) {
      const json = z.toJSONSchema(e.response, { unrepresentable: "any", io: "output" });
      for (const { name, schema } of properties(json)) {
        if (!isSecretField(name)) continue;
        // `token` is redacted only as a string; the API's Token is an object.
        if (name === "token" && !admitsString(schema)) continue;
        flagged.push(`${e.id}: ${name}`);
      }
    }
    expect(flagged).toEqual([]);
    expect(redacting.length).toBeGreaterThan(20);
  });

  it("no example answer of the shapes doc loses a value (fixtures of every other endpoint)", () => {
    const exempt = new Set(["createClientFixture", "ejectableBackupSharesFixture", "generateFixture"]);
    const examples = Object.entries(fixtures).filter(([name]) => !exempt.has(name));
    expect(examples.length).toBeGreaterThan(15);
    for (const [name, example] of examples) expect(redactJsonInPlace(structuredClone(example)), name).toEqual(example);
    // The exempt ones do hold secrets by name: they would be emptied without the exemption.
    for (const name of exempt)
      expect(redactJsonInPlace(structuredClone((fixtures as Record<string, unknown>)[name])), name).not.toEqual(
        (fixtures as Record<string, unknown>)[name],
      );
  });

  it("request values the console records keep their asset `token` (build-transaction, assets/send, yields filter)", () => {
    for (const token of [
      "USDC",
      "NATIVE",
      "0x1c7d4b196cb0c7b01d743fbc6116a902379c7238",
      "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU",
    ])
      expect(redact({ to: "0xabc", token, amount: "0.01" })).toEqual({ to: "0xabc", token, amount: "0.01" });
  });
});
