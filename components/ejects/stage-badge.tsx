import { Badge } from "@/components/ui/badge";
import { EJECT_STAGE_LABELS, EJECT_STAGE_TONES, type EjectStage } from "@/lib/ejects/state";

/** An eject request's state, in words. */
export function EjectStageBadge({ stage }: { stage: EjectStage }) {
  return (
    <Badge tone={EJECT_STAGE_TONES[stage]}>
      <span data-testid="eject-state">{EJECT_STAGE_LABELS[stage]}</span>
    </Badge>
  );
}
