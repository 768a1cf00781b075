import type { HttpBindings } from "@hono/node-server";
import type { ClientRecord } from "../types";

/**
 * The Hono environment of every sandbox app. Bindings are partial: under `app.request()` (tests)
 * there is no Node socket, and the faults that need one say so.
 */
export interface SandboxHttpEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    /** Set by requireClientBearer on client-scoped routes. */
    client: ClientRecord;
  };
}
