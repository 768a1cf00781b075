import type { MiddlewareHandler } from "hono";
import type { ClientDirectory, ClientRecord } from "../types";
import { BAD_AUTH_FORMAT, MISSING_AUTH, MpcUnauthorized, UNKNOWN_BEARER } from "./errors";

export interface MpcHttpEnv {
  Variables: { client: ClientRecord };
}

/** Client API key or client session token, as `Authorization: Bearer <token>`; 401 bodies are bare strings. */
export function requireClient(directory: Pick<ClientDirectory, "resolveClientBearer">): MiddlewareHandler<MpcHttpEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    if (!header) throw new MpcUnauthorized(MISSING_AUTH);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new MpcUnauthorized(BAD_AUTH_FORMAT);
    const client = directory.resolveClientBearer(match[1] as string);
    if (!client) throw new MpcUnauthorized(UNKNOWN_BEARER);
    c.set("client", client);
    await next();
  };
}
