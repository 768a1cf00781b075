/**
 * The JSON-RPC endpoint of the local chains, mounted by the base service at
 * `{base_url}/rpc/v1/eip155/<reference>` (the rpcUrl the spec's yield flow signs against). JSON-RPC 2.0
 * over HTTP: single or batch requests, errors in the body with HTTP 200 like public node gateways, except
 * a body that is not JSON-RPC at all (400) and a chain the sandbox does not serve (404).
 */
import { Hono } from "hono";
import type { ChainArchive } from "../alerts/archive";
import type { ChainRegistry } from "../types";
import { RPC_INVALID_PARAMS, RPC_INVALID_REQUEST, RPC_PARSE_ERROR, RpcError, toRpcError } from "./errors";
import { parseReference } from "./references";

type Id = string | number | null;
interface Reply {
  jsonrpc: "2.0";
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** A batch beyond this is refused, as hosted gateways do, so one request cannot hold a chain for long. */
export const MAX_BATCH = 100;

const failure = (id: Id, e: RpcError): Reply => ({
  jsonrpc: "2.0",
  id,
  error: { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) },
});

function validId(id: unknown): id is Id {
  return id === null || typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
}

async function answer(
  registry: ChainRegistry,
  reference: number,
  call: unknown,
  archive: ChainArchive | undefined,
): Promise<Reply | undefined> {
  if (typeof call !== "object" || call === null || Array.isArray(call))
    return failure(null, new RpcError(RPC_INVALID_REQUEST, "Invalid request: expected a JSON-RPC 2.0 object"));
  const { id, method, params } = call as Record<string, unknown>;
  const replyId = validId(id) ? id : null;
  if (typeof method !== "string" || (id !== undefined && !validId(id)))
    return failure(
      replyId,
      new RpcError(RPC_INVALID_REQUEST, "Invalid request: method must be a string and id a string, number or null"),
    );
  if (params !== undefined && !Array.isArray(params))
    return failure(
      replyId,
      new RpcError(RPC_INVALID_PARAMS, "Invalid params: the sandbox chain takes positional (array) params"),
    );
  try {
    // The seeded history's transactions are the archive's to answer; everything else is the chain's.
    const archived = archive?.answer(reference, method, params ?? []);
    const result = archived ? archived.result : await registry.request(reference, method, params ?? []);
    return id === undefined ? undefined : { jsonrpc: "2.0", id: replyId, result: result ?? null };
  } catch (e) {
    return id === undefined ? undefined : failure(replyId, toRpcError(e));
  }
}

/**
 * A Hono sub-app; mount it at the base service's root (`app.route("/", createRpcApp(chains))`). With an
 * archive, reads of the seeded history's transactions are answered from it (sandbox/alerts/archive.ts).
 */
export function createRpcApp(
  registry: ChainRegistry & { isServed?: (reference: number) => boolean },
  archive?: ChainArchive,
): Hono {
  const app = new Hono();
  app.post("/rpc/v1/eip155/:reference", async (c) => {
    const text = c.req.param("reference");
    const reference = parseReference(text);
    if (
      reference === undefined ||
      (registry.isServed ? !registry.isServed(reference) : !registry.references().includes(reference))
    )
      return c.json(
        failure(
          null,
          new RpcError(
            RPC_INVALID_PARAMS,
            `Unsupported chain reference "${text}": the sandbox serves eip155:${registry.references().join(", eip155:")}`,
          ),
        ),
        404,
      );

    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json(failure(null, new RpcError(RPC_PARSE_ERROR, "Parse error: the body is not JSON")), 400);
    }

    if (!Array.isArray(body)) {
      const reply = await answer(registry, reference, body, archive);
      if (reply?.error?.code === RPC_INVALID_REQUEST) return c.json(reply, 400);
      return reply ? c.json(reply) : c.body(null, 204);
    }
    if (body.length === 0)
      return c.json(failure(null, new RpcError(RPC_INVALID_REQUEST, "Invalid request: empty batch")), 400);
    if (body.length > MAX_BATCH)
      return c.json(
        failure(null, new RpcError(RPC_INVALID_REQUEST, `Invalid request: a batch holds at most ${MAX_BATCH} calls`)),
        400,
      );
    // In order, one after another: a batch of sends must reach the chain in the order it was written.
    const replies: Reply[] = [];
    for (const call of body) {
      const reply = await answer(registry, reference, call, archive);
      if (reply) replies.push(reply);
    }
    return replies.length > 0 ? c.json(replies) : c.body(null, 204);
  });
  return app;
}
