import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { getDb } from "@/server/db";
import { auditFacets } from "@/server/audit/facets";

/** The actions and error codes the audit filters offer. */
export const GET = defineRoute({
  permission: "audit:read",
  query: z.object({}),
  run: async () => auditFacets(await getDb()),
});
