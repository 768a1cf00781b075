import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { getEnv } from "@/server/env";
import { clientAddress } from "@/server/network/client-address";

export interface RequestContext {
  requestId: string;
  ip: string | null;
}

/** The request id set by the serving process (server/network/edge-headers.ts; a trusted proxy's, or a fresh one) and the caller's address, for logs and audit. */
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
  return clientAddress(h.get("x-forwarded-for"), getEnv().CONSOLE_TRUSTED_PROXIES);
}
