"use client";
import { useQueryState } from "nuqs";
import { summaryTestParsers } from "@/lib/alerts/search-params";
import { describeTestNote, type TestActivityNote } from "@/lib/alerts/test-activity";
import { TestSwitch } from "./test-switch";

/** The summary pages' test-activity switch, from the URL (`test`, default: left out). */
export function useSummaryTest() {
  const [test, setTest] = useQueryState("test", summaryTestParsers.test.withOptions({ history: "push" }));
  return { test, setTest };
}

/**
 * The switch and what it did to this page's figures: how many test-activity events it left out (or, under
 * "only", how many others), and how many could not be classified yet.
 */
export function SummaryTest({ note }: { note: TestActivityNote | undefined }) {
  const { test, setTest } = useSummaryTest();
  const said = note ? describeTestNote(note) : "";
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <TestSwitch mode={test} onChange={(mode) => void setTest(mode)} />
      {note && note.mode === test ? (
        <p className="text-xs text-muted" data-testid="summary-test-note" aria-live="polite">
          {said || (note.mode === "include" ? "Test activity included, as the upstream counts it." : "")}
        </p>
      ) : null}
    </div>
  );
}
