import "server-only";

const TIMEOUT_MS = 10_000;

export type SendOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * POSTs a body to the destination. A 2xx is delivered; anything else (a redirect too: it is not
 * followed, the body is not sent on to a place nobody set) or no answer within 10 s is a failure to
 * retry. The error names the status or the kind of failure, never the URL (its query may hold a token).
 */
export async function postBody(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "custodian-console-notify/1", ...headers },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `The receiver answered ${response.status}.` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      ok: false,
      status: null,
      error: timedOut ? "The receiver did not answer within 10 s." : "The receiver could not be reached.",
    };
  }
}
