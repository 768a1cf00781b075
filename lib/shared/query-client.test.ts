import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchJson, getQueryClient, shouldRetry } from "./query-client";

/**
 * How often the browser asks the console for a read that fails, counted at fetch: a read the console
 * answered with its own error (after retrying the upstream itself) is asked once; a read whose answer
 * never came (the network, a proxy's page) is asked up to three times.
 */
async function attempts(answer: () => Promise<Response>): Promise<number> {
  let calls = 0;
  vi.stubGlobal("fetch", () => {
    calls++;
    return answer();
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay: 0 } } });
  await expect(client.fetchQuery({ queryKey: ["read"], queryFn: () => fetchJson("/api/read") })).rejects.toThrow();
  return calls;
}

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

afterEach(() => vi.unstubAllGlobals());

describe("the browser's retries of a failed read", () => {
  it("does not repeat a read the console answered with its own error after retrying the upstream", async () => {
    const upstream = () => json(502, { error: { code: "UPSTREAM", message: "The upstream failed.", requestId: "r" } });
    expect(await attempts(upstream)).toBe(1);
    const unavailable = () => json(503, { error: { code: "UPSTREAM_UNAVAILABLE", message: "Unreachable." } });
    expect(await attempts(unavailable)).toBe(1);
  });

  it("does not repeat a refusal (4xx)", async () => {
    expect(await attempts(() => json(400, { error: { code: "VALIDATION", message: "Bad filter." } }))).toBe(1);
    expect(await attempts(() => json(404, { error: { code: "NOT_FOUND", message: "No such client." } }))).toBe(1);
  });

  it("asks twice more when the answer never came: the network failed, or a proxy answered for the console", async () => {
    expect(await attempts(() => Promise.reject(new TypeError("Failed to fetch")))).toBe(3);
    const proxyPage = () => Promise.resolve(new Response("<html>502 Bad Gateway</html>", { status: 502 }));
    expect(await attempts(proxyPage)).toBe(3);
  });
});

describe("a page's prefetch on the server", () => {
  it("reads once: a failure is the page's error state at once, not after React Query's waits", async () => {
    let calls = 0;
    const client = getQueryClient();
    await client.prefetchQuery({
      queryKey: ["read"],
      queryFn: () => {
        calls++;
        return Promise.reject(new Error("upstream server error (500), after the upstream client's own retries"));
      },
    });
    expect(calls).toBe(1);
    expect(client.getQueryState(["read"])?.status).toBe("error");
  });
});
