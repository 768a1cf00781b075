import { describe, expect, it } from "vitest";
import { offerDeviceCookie, withDeviceCookie } from "./device-cookie-route";

/** An answer as next-auth's route handler gives it, with these Set-Cookie headers. */
function answer(cookies: string[]) {
  const response = new Response(JSON.stringify({ url: "http://console.test/" }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}

describe("the device cookie on next-auth's answer", () => {
  it("is set beside the session cookie it was offered for, Secure exactly when the session cookie is", async () => {
    const plain = await withDeviceCookie(async () => {
      offerDeviceCookie("token-1");
      return answer(["next-auth.csrf-token=x; Path=/", "next-auth.session-token=jwt; Path=/; HttpOnly"]);
    });
    expect(plain.headers.getSetCookie()).toEqual([
      "next-auth.csrf-token=x; Path=/",
      "next-auth.session-token=jwt; Path=/; HttpOnly",
      expect.stringMatching(/^console-device=token-1; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/),
    ]);
    expect(await plain.json()).toEqual({ url: "http://console.test/" });

    const secure = await withDeviceCookie(async () => {
      offerDeviceCookie("token-2");
      return answer(["__Secure-next-auth.session-token.0=jwt; Path=/; HttpOnly; Secure"]);
    });
    expect(secure.headers.getSetCookie().at(-1)).toMatch(/^__Host-console-device=token-2; .*; Secure$/);
  });

  it("is not set when the answer issues no session, or nothing was offered", async () => {
    const refused = await withDeviceCookie(async () => {
      offerDeviceCookie("token-3");
      return answer(["next-auth.csrf-token=x; Path=/"]);
    });
    expect(refused.headers.getSetCookie()).toEqual(["next-auth.csrf-token=x; Path=/"]);
    const signedOut = await withDeviceCookie(async () => answer(["next-auth.session-token=jwt; Path=/"]));
    expect(signedOut.headers.getSetCookie()).toEqual(["next-auth.session-token=jwt; Path=/"]);
    // Outside the route handler an offer goes nowhere.
    expect(() => offerDeviceCookie("token-4")).not.toThrow();
  });
});
