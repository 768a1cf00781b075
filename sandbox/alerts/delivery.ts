/**
 * One delivery attempt: a real POST of the payload with X-WEBHOOK-SECRET, judged as the real
 * service does (a 2xx within the timeout is success). Error messages are worded like the real
 * service's (which uses axios): "Request failed with status code 500", "timeout of 10000ms exceeded".
 */
export type DeliveryOutcome = { ok: true } | { ok: false; error: string };

const WEBHOOK_SECRET_HEADER = "X-WEBHOOK-SECRET";

export async function deliver(
  url: string,
  secret: string,
  payload: unknown,
  timeoutMs: number,
): Promise<DeliveryOutcome> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [WEBHOOK_SECRET_HEADER]: secret,
        "user-agent": "wallet-infrastructure-sandbox/1",
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Drain the body so the connection is released; its content does not matter.
    await res.arrayBuffer().catch(() => undefined);
    return res.ok ? { ok: true } : { ok: false, error: `Request failed with status code ${res.status}` };
  } catch (err) {
    if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError"))
      return { ok: false, error: `timeout of ${timeoutMs}ms exceeded` };
    const cause = (err as { cause?: { code?: string; address?: string; port?: number } }).cause;
    if (cause?.code)
      return {
        ok: false,
        error: `${cause.code === "ECONNREFUSED" ? "connect " : ""}${cause.code}${cause.address ? ` ${cause.address}:${cause.port}` : ""}`,
      };
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
