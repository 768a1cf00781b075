import { z } from "zod";
import { auditFacets } from "@/server/audit/facets";
import { getDb } from "@/server/db";
import { defineRoute } from "@/server/kit/define-route";

/** The actions and error codes the audit filters offer. */
export const GET = defineRoute({
  permission: "audit:read",
  query: z.object({}),
  run: async () => auditFacets(await getDb()),
});
