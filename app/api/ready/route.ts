import { getDbHandle } from "@/server/db";
import { jobWorkersState } from "@/server/jobs";
import { defineOpsRoute } from "@/server/kit/define-ops-route";
import { jsonAnswer } from "@/server/kit/json-answer";
import { sharedReadiness, isDraining } from "@/server/ops/readiness";

/** Readiness: 200 when this instance should take traffic, 503 naming the failing check otherwise. */
export const GET = defineOpsRoute(async () => {
  const readiness = await sharedReadiness({ db: getDbHandle, jobs: jobWorkersState, draining: isDraining });
  return jsonAnswer(readiness, { status: readiness.status === "ready" ? 200 : 503 });
});
