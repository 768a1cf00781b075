/**
 * Bearer authentication. Custodian routes take the custodian API key; client-scoped routes (yield)
 * take a client API key or session token. A 401 names what was expected and never echoes the token.
 */
import type { MiddlewareHandler } from "hono";
import { secretsEqual } from "../state/secrets";
import type { ClientDirectory } from "../types";
import { HttpError } from "./errors";
import type { SandboxHttpEnv } from "./types";

const unauthorized = (message: string) => new HttpError(401, message, { "www-authenticate": 'Bearer realm="sandbox"' });

/** The token of `Authorization: Bearer <token>`; throws a 401 describing `expected` otherwise. */
function bearerOf(header: string | undefined, expected: string): string {
  if (!header)
    throw unauthorized(`Missing Authorization header: this route takes "Authorization: Bearer <${expected}>"`);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized(`Malformed Authorization header: expected "Bearer <${expected}>"`);
  return match[1] as string;
}

export interface CustodianAuthOptions {
  custodianApiKey: string;
  /** Used only to tell a caller that they sent a client credential to a custodian route. */
  isClientCredential?: (token: string) => boolean;
}

export function requireCustodianKey({
  custodianApiKey,
  isClientCredential,
}: CustodianAuthOptions): MiddlewareHandler<SandboxHttpEnv> {
  return async (c, next) => {
    const token = bearerOf(c.req.header("authorization"), "custodian API key");
    if (!secretsEqual(token, custodianApiKey)) {
      if (isClientCredential?.(token))
        throw unauthorized(
          "A client API key or session token was sent; custodian routes take the custodian API key (SANDBOX_CUSTODIAN_API_KEY)",
        );
      throw unauthorized("Invalid custodian API key: expected the key configured as SANDBOX_CUSTODIAN_API_KEY");
    }
    await next();
  };
}

export function requireClientBearer(
  directory: Pick<ClientDirectory, "resolveClientBearer">,
): MiddlewareHandler<SandboxHttpEnv> {
  return async (c, next) => {
    const token = bearerOf(c.req.header("authorization"), "client API key or client session token");
    const client = directory.resolveClientBearer(token);
    if (!client) throw unauthorized("Invalid or expired client API key or client session token");
    c.set("client", client);
    await next();
  };
}
