import "server-only";
import { isIP } from "node:net";

/** Set by scripts/serve.mjs in this process: the last X-Forwarded-For entry is the socket's own peer. */
const PEER_APPENDED = Symbol.for("custodian-console.peer-appended");

export function peerIsAppended(): boolean {
  return (globalThis as Record<symbol, unknown>)[PEER_APPENDED] === true;
}

/**
 * The client's address from X-Forwarded-For, trusting only the hops this console was told about.
 * The serving process appends the connection's peer, so with `trustedProxies` = 0 the last entry
 * (the peer itself) is the client, and with N proxies in front the entry N places left of it is.
 * Entries further left are whatever the client sent and are never used. Without the serving
 * process no entry can be trusted, so the address is unknown rather than forged.
 */
export function clientAddress(
  forwardedFor: string | null,
  trustedProxies: number,
  appended = peerIsAppended(),
): string | null {
  if (!appended || !forwardedFor) return null;
  const entries = forwardedFor
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const candidate = entries[Math.max(entries.length - 1 - trustedProxies, 0)];
  if (!candidate) return null;
  const address = candidate.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return isIP(address) ? address : null;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** A request id set by a trusted proxy, if it looks like one; else null (the console makes its own). */
export function trustedRequestId(value: string | null, trustedProxies: number): string | null {
  return trustedProxies > 0 && value && SAFE_REQUEST_ID.test(value) ? value : null;
}
