import { describe, expect, it } from "vitest";
import { ClientStore, OTP_TTL_MS, SESSION_IDLE_MS, SESSION_MAX_MS } from "./client-store";

describe("client credentials", () => {
  it("expires session tokens after 24 h idle and 7 days in all, never API keys", () => {
    let now = Date.UTC(2026, 0, 1);
    const store = new ClientStore([], undefined, () => now);
    const { client, clientApiKey, clientSessionToken } = store.create({ isAccountAbstracted: false });
    // Used every 23 h, a session lives until its 7th day.
    for (let t = 0; t + 23 * 3_600_000 < SESSION_MAX_MS; t += 23 * 3_600_000) {
      now = Date.UTC(2026, 0, 1) + t;
      expect(store.resolveClientBearer(clientSessionToken)?.id).toBe(client.id);
    }
    now = Date.UTC(2026, 0, 1) + SESSION_MAX_MS + 1;
    expect(store.resolveClientBearer(clientSessionToken)).toBeUndefined();
    const idle = store.newSession(client.id);
    now += SESSION_IDLE_MS + 1;
    expect(store.resolveClientBearer(idle)).toBeUndefined();
    expect(store.resolveClientBearer(clientApiKey)?.id).toBe(client.id);
    expect(store.isClientCredential(clientApiKey)).toBe(true);
    expect(store.isClientCredential("nope")).toBe(false);
  });

  it("redeems a web OTP once and only before it expires", () => {
    let now = 0;
    const store = new ClientStore([], undefined, () => now);
    const { client } = store.create({ isAccountAbstracted: false });
    const late = store.newWebOtp(client.id);
    const once = store.newWebOtp(client.id);
    expect(store.redeemWebOtp(once)?.id).toBe(client.id);
    expect(store.redeemWebOtp(once)).toBeUndefined();
    now = OTP_TTL_MS;
    expect(store.redeemWebOtp(late)).toBeUndefined();
  });

  it("keeps only hashes in what it saves", () => {
    const store = new ClientStore([]);
    const { clientApiKey, clientSessionToken } = store.create({ isAccountAbstracted: true });
    const dump = JSON.stringify(store.dump());
    expect(dump).not.toContain(clientApiKey);
    expect(dump).not.toContain(clientSessionToken);
    const restored = new ClientStore([]);
    restored.load(JSON.parse(dump));
    expect(restored.resolveClientBearer(clientApiKey)?.isAccountAbstracted).toBe(true);
  });
});
