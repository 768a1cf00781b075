import { Hono } from "hono";
import { chainFamily } from "@/lib/chains";
import { gasUsageParamsSchema } from "@/lib/contracts";
import { badRequest } from "../http/errors";
import type { SandboxHttpEnv } from "../http/types";
import { parseInput } from "../http/validate";
import type { GasUsageLedger } from "./usage-ledger";

/** GET .../gas-sponsors/chains/{chainId}/usage: chainId is CAIP-2, URL-encoded or not. */
export function gasRoutes(ledger: GasUsageLedger) {
  const app = new Hono<SandboxHttpEnv>();
  app.get("/api/v3/custodians/me/gas-sponsors/chains/:chainId/usage", (c) => {
    const { chainId } = parseInput(gasUsageParamsSchema, { chainId: c.req.param("chainId") });
    if (chainFamily(chainId) !== "eip155")
      throw badRequest(`chainId: gas sponsorship exists only on EIP-155 chains, not ${chainId}`);
    return c.json(ledger.report(chainId));
  });
  return app;
}
