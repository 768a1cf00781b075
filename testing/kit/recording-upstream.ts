import "server-only";
import { NotFoundError } from "@/server/upstream/errors";

/**
 * Stand-ins for the upstream clients that record every call (its path, e.g. "admin.clients.retrieve",
 * and its arguments) and answer each with the upstream's 404, as the real service would for the
 * made-up ids a fuzzer sends. Any property is a further client (admin.clients.…), any call a
 * request; nothing is ever sent.
 */

export interface UpstreamCall {
  path: string;
  args: unknown[];
}

export interface UpstreamRecorder {
  calls: UpstreamCall[];
  /** A client stand-in named `name` ("admin", "mpc", "yield"). */
  client<T>(name: string): T;
}

export function createUpstreamRecorder(): UpstreamRecorder {
  const calls: UpstreamCall[] = [];
  const node = (path: string): unknown =>
    new Proxy(function stub() {}, {
      get(_target, key) {
        // Not thenable, so awaiting a client is not mistaken for a request.
        if (key === "then" || typeof key === "symbol") return undefined;
        return node(`${path}.${key}`);
      },
      apply(_target, _this, args: unknown[]) {
        calls.push({ path, args });
        return Promise.reject(
          new NotFoundError(`${path}: not found`, { status: 404, code: "not_found", upstreamMessage: "Not found" }),
        );
      },
    });
  return { calls, client: <T>(name: string) => node(name) as T };
}
