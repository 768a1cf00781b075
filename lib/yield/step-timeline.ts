import type { YieldStepView } from "./runs";

export interface StepMoment {
  /** What happened, in words. */
  state: "signing" | "signed and broadcast" | "reporting the hash" | "reported" | "confirmed";
  /** When (ISO), as the console recorded it. */
  at: string;
  /** Milliseconds since the moment before (null for the first). */
  sinceMs: number | null;
}

/**
 * Every state a step went through with the time the console recorded it, oldest first, so a run that
 * passes from waiting to confirmed in a second still shows that it was signed, broadcast and reported,
 * and when. A state the step has not reached (or that a retry cleared) is left out.
 */
export function stepTimeline(step: YieldStepView): StepMoment[] {
  const marks: [StepMoment["state"], string | null][] = [
    ["signing", step.signStartedAt],
    ["signed and broadcast", step.signedAt],
    ["reporting the hash", step.reportStartedAt],
    ["reported", step.reportedAt],
    ["confirmed", step.confirmedAt],
  ];
  const moments: StepMoment[] = [];
  for (const [state, at] of marks) {
    if (!at) continue;
    const previous = moments.at(-1);
    moments.push({ state, at, sinceMs: previous ? Date.parse(at) - Date.parse(previous.at) : null });
  }
  return moments;
}

/** "+40 ms", "+2.4 s", "+12 s", "+3 min": how long after the moment before. */
export function sinceWords(ms: number): string {
  if (ms < 1000) return `+${Math.max(0, Math.round(ms))} ms`;
  if (ms < 10_000) return `+${(Math.max(0, ms) / 1000).toFixed(1)} s`;
  if (ms < 120_000) return `+${Math.round(ms / 1000)} s`;
  return `+${Math.round(ms / 60_000)} min`;
}
