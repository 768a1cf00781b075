import { Badge } from "@/components/ui/badge";
import type { YieldRunStatus } from "@/lib/yield/runs";

const TONES: Record<YieldRunStatus, "neutral" | "accent" | "success" | "danger" | "warning"> = {
  preview: "neutral",
  running: "accent",
  succeeded: "success",
  failed: "danger",
  abandoned: "warning",
};

export function RunStatusBadge({ status }: { status: YieldRunStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}
