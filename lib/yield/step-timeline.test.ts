import { describe, expect, it } from "vitest";
import type { YieldStepView } from "./runs";
import { sinceWords, stepTimeline } from "./step-timeline";

const step = (times: Partial<YieldStepView>): YieldStepView => ({
  stepIndex: 0,
  transactionId: "t",
  title: null,
  type: null,
  upstreamStatus: "CREATED",
  to: null,
  value: null,
  call: null,
  phase: "waiting",
  nonce: null,
  userOperationHash: null,
  transactionHash: null,
  failedPart: null,
  error: null,
  signStartedAt: null,
  signedAt: null,
  reportStartedAt: null,
  reportedAt: null,
  confirmedAt: null,
  ...times,
});

describe("stepTimeline", () => {
  it("keeps every state a fast step passed through, with the time between them", () => {
    const moments = stepTimeline(
      step({
        signStartedAt: "2026-11-29T09:00:00.000Z",
        signedAt: "2026-11-29T09:00:00.400Z",
        reportStartedAt: "2026-11-29T09:00:00.450Z",
        reportedAt: "2026-11-29T09:00:00.700Z",
        confirmedAt: "2026-11-29T09:00:01.700Z",
      }),
    );
    expect(moments.map((m) => m.state)).toEqual([
      "signing",
      "signed and broadcast",
      "reporting the hash",
      "reported",
      "confirmed",
    ]);
    expect(moments.map((m) => m.sinceMs)).toEqual([null, 400, 50, 250, 1000]);
  });

  it("leaves out what the step has not reached", () => {
    expect(stepTimeline(step({})).length).toBe(0);
    expect(stepTimeline(step({ signStartedAt: "2026-11-29T09:00:00.000Z" })).map((m) => m.state)).toEqual(["signing"]);
  });

  it("says durations in milliseconds, seconds, then minutes", () => {
    expect(sinceWords(40)).toBe("+40 ms");
    expect(sinceWords(2400)).toBe("+2.4 s");
    expect(sinceWords(45_000)).toBe("+45 s");
    expect(sinceWords(300_000)).toBe("+5 min");
  });
});
