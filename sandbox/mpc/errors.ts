/**
 * Errors of the MPC service in its own shape (api-shapes §0): a 400 body is `{ id, message }` with an
 * UPPER_SNAKE id from the service's documented list, and a 401 body is a bare JSON string.
 */
import type { MpcErrorId } from "@/lib/contracts/errors";

export class MpcError extends Error {
  override name = "MpcError";
  constructor(
    readonly id: MpcErrorId,
    message: string,
    readonly status: 400 | 404 | 500 = 400,
  ) {
    super(message);
  }
}

/** A 401, whose body the real service sends as a bare JSON string. */
export class MpcUnauthorized extends Error {
  override name = "MpcUnauthorized";
}

export const MISSING_AUTH = "Authorization header is missing";
export const BAD_AUTH_FORMAT = "Incorrect API key format";
export const UNKNOWN_BEARER = "Invalid API key or client session token";
