import { NextResponse } from "next/server";
import { defineOpsRoute } from "@/server/kit/define-ops-route";

/** Liveness: the process serves. No session, no database, no upstream. */
export const GET = defineOpsRoute(async () => NextResponse.json({ status: "ok" }));
