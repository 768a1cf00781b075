import { defineOpsRoute } from "@/server/kit/define-ops-route";
import { jsonAnswer } from "@/server/kit/json-answer";

/** Liveness: the process serves. No session, no database, no upstream. */
export const GET = defineOpsRoute(async () => jsonAnswer({ status: "ok" }));
