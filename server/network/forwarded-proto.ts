import "server-only";

/**
 * Set by scripts/serve.mjs in this process when no proxy is trusted: it has overwritten
 * X-Forwarded-Proto with the protocol of the connection it accepted, whatever the client sent.
 */
const PROTO_FROM_SOCKET = Symbol.for("custodian-console.proto-from-socket");

export function protoIsFromSocket(): boolean {
  return (globalThis as Record<symbol, unknown>)[PROTO_FROM_SOCKET] === true;
}

/**
 * Whether the request came in over https: decides HSTS, upgrade-insecure-requests and Secure
 * cookies. With no trusted proxy, only the connection can say so: the serving process writes its
 * socket's protocol into X-Forwarded-Proto (and without that process nothing can be trusted, so the
 * answer is no). With N trusted proxies, the value the nearest one set (the last entry) counts.
 * Next's own `request.nextUrl.protocol` is not used: Next builds it from whatever X-Forwarded-Proto
 * a client sends.
 */
export function requestIsHttps(
  forwardedProto: string | null,
  trustedProxies: number,
  fromSocket = protoIsFromSocket(),
): boolean {
  const nearest = forwardedProto?.split(",").at(-1)?.trim().toLowerCase();
  if (trustedProxies === 0 && !fromSocket) return false;
  return nearest === "https";
}
