import { decode as nextAuthDecode, encode as nextAuthEncode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { decodeSessionJwt, encodeSessionJwt } from "./jwt-codec";

// next-auth's own encode and decode are the reference: a cookie either side writes, the other reads.
const secret = "a-session-secret-of-enough-length-for-tests";
const token = { sub: "user-1", sv: 3, authTime: 1_700_000_000, role: "admin" };

describe("the session JWT codec", () => {
  it("reads the tokens next-auth writes, and next-auth reads the tokens it writes", async () => {
    const theirs = await nextAuthEncode({ token, secret, maxAge: 600 });
    expect(await decodeSessionJwt({ token: theirs, secret })).toMatchObject(token);
    const ours = await encodeSessionJwt({ token, secret, maxAge: 600 });
    const read = await nextAuthDecode({ token: ours, secret });
    expect(read).toMatchObject(token);
    expect(typeof read?.jti).toBe("string");
    expect((read?.exp as number) - (read?.iat as number)).toBe(600);
  });

  it("keys each salt apart, as next-auth does", async () => {
    const salted = await nextAuthEncode({ token, secret, salt: "other" });
    expect(await decodeSessionJwt({ token: salted, secret, salt: "other" })).toMatchObject(token);
    await expect(decodeSessionJwt({ token: salted, secret })).rejects.toThrow();
  });

  it("refuses a token under another secret, an expired one and a tampered one", async () => {
    const other = await encodeSessionJwt({ token, secret: "another-secret-of-enough-length-for-tests" });
    await expect(decodeSessionJwt({ token: other, secret })).rejects.toThrow();
    const expired = await nextAuthEncode({ token, secret, maxAge: -60 });
    await expect(decodeSessionJwt({ token: expired, secret })).rejects.toThrow();
    const good = await encodeSessionJwt({ token, secret });
    const parts = good.split(".");
    parts[3] = `${parts[3]!.slice(0, -2)}${parts[3]!.endsWith("AA") ? "BB" : "AA"}`;
    await expect(decodeSessionJwt({ token: parts.join("."), secret })).rejects.toThrow();
    expect(await decodeSessionJwt({ token: undefined, secret })).toBeNull();
  });
});
