import "server-only";
import { chainAlarm } from "@/server/audit/alarm";
import type { Finder } from "./types";

/** The audit chain found broken: the standing chain alarm (server/audit/alarm.ts), until acknowledged. */
export const auditChainFinder: Finder = async () => {
  const alarm = await chainAlarm();
  if (!alarm) return { findings: [], unknown: [] };
  return {
    findings: [
      {
        subject: "audit-chain",
        count: 1,
        what: `The audit chain was found broken (${alarm.problem}) at ${alarm.at}: appends stop until an operator acknowledges it`,
        path: "/audit",
      },
    ],
    unknown: [],
  };
};
