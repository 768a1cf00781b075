import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";

export interface RequestContext {
  requestId: string;
  ip: string | null;
}

/** The request id set by proxy.ts (or a fresh one) and the caller's address, for logs and audit. */
export async function requestContext(): Promise<RequestContext> {
  try {
    const h = await headers();
    return { requestId: h.get("x-request-id") ?? randomUUID(), ip: clientIp(h) };
  } catch {
    // Outside a request (scripts, tests).
    return { requestId: randomUUID(), ip: null };
  }
}

export function clientIp(h: { get(name: string): string | null }): string | null {
  const forwarded = h.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || h.get("x-real-ip") || null;
}
