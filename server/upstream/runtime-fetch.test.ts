import { afterEach, describe, expect, it } from "vitest";
import { clientFixture } from "@/testing/contracts/fixtures";
import { captureLogs, mockUpstream, type MockUpstream } from "@/testing/upstream/scripted-upstream";
import { AdminClient } from "./admin";

const realFetch = globalThis.fetch;
let upstream: MockUpstream | undefined;

afterEach(async () => {
  globalThis.fetch = realFetch;
  await upstream?.close();
  upstream = undefined;
});

/** Counts the calls that reach a fetch function and passes them on to the real one. */
function counting() {
  const calls: string[] = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  }) as typeof fetch;
  return { fn, calls };
}

async function retrieveThroughDefaultFetch() {
  upstream = await mockUpstream([{ status: 200, body: clientFixture }]);
  const admin = new AdminClient({ baseURL: upstream.url, apiKey: "custodian-key", logger: captureLogs().logger });
  return admin.clients.retrieve(clientFixture.id);
}

describe("the upstream clients' default fetch", () => {
  it("is the function Next's fetch wrapper keeps as _nextOriginalFetch, when the global fetch is that wrapper", async () => {
    const original = counting();
    const wrapper = counting();
    // What Next does to the global fetch in a server (next/dist/server/lib/patch-fetch.js).
    globalThis.fetch = Object.assign(wrapper.fn, { __nextPatched: true, _nextOriginalFetch: original.fn });
    const client = await retrieveThroughDefaultFetch();
    expect(client.id).toBe(clientFixture.id);
    expect(original.calls).toEqual([`${upstream!.url}/api/v3/custodians/me/clients/${clientFixture.id}`]);
    expect(wrapper.calls).toEqual([]);
    expect(upstream!.requests).toHaveLength(1);
  });

  it("is the global fetch itself outside Next", async () => {
    const global = counting();
    globalThis.fetch = global.fn;
    const client = await retrieveThroughDefaultFetch();
    expect(client.id).toBe(clientFixture.id);
    expect(global.calls).toHaveLength(1);
  });
});
