"use client";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { runSimulationUrl } from "@/lib/yield/routes";
import type { RunSimulation, SimulatedStep } from "@/lib/yield/simulation";

const OUTCOME = {
  success: { tone: "success", label: "would succeed" },
  revert: { tone: "danger", label: "would revert" },
  "not-simulated": { tone: "neutral", label: "not simulated" },
} as const;

function Step({ step }: { step: SimulatedStep }) {
  const o = OUTCOME[step.outcome];
  return (
    <li className="space-y-1 py-2" data-testid="simulated-step" data-outcome={step.outcome}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          Step {step.stepIndex + 1}: {step.title ?? "transaction"}
        </span>
        <Badge tone={o.tone}>{o.label}</Badge>
        {step.gasUsed !== null ? (
          <span className="text-xs text-muted tabular">{step.gasUsed.toLocaleString("en")} gas</span>
        ) : null}
      </div>
      {step.reason ? (
        <p className="text-sm text-danger" data-testid="simulated-reason">
          {step.reason}
        </p>
      ) : null}
      {step.outcome === "success" ? (
        step.changes.length === 0 ? (
          <p className="text-xs text-muted">No token balance of the address changes.</p>
        ) : (
          <ul
            className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
            aria-label={`Balance changes of step ${step.stepIndex + 1}`}
          >
            {step.changes.map((c) => (
              <li key={c.token} className={`tabular ${c.raw.startsWith("-") ? "text-danger" : "text-success"}`}>
                {c.amount ?? `${c.raw} base units`} {c.symbol ?? c.token}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </li>
  );
}

/**
 * What the run's steps would do if signed now, simulated on the chain's latest state through the
 * upstream's gateway: per step, success with its gas and the address's balance changes, or the
 * revert and why. Asked again with Simulate again; the runner asks once more before each signature.
 */
export function RunSimulationView({ runId }: { runId: string }) {
  const sim = useQuery({
    queryKey: queryKeys.yield.simulation(runId),
    queryFn: () => fetchJson<RunSimulation>(runSimulationUrl(runId)),
    staleTime: 0,
  });
  return (
    <section aria-label="Simulation" className="space-y-2 rounded-lg border border-border bg-surface p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">What it would do now</h3>
        <Button size="sm" disabled={sim.isFetching} onClick={() => void sim.refetch()}>
          {sim.isFetching ? "Simulating…" : "Simulate again"}
        </Button>
      </div>
      {sim.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : sim.isError ? (
        <ErrorState message={sim.error.message} error={sim.error} onRetry={() => void sim.refetch()} />
      ) : (
        <>
          <p className="text-xs text-muted" data-testid="simulation-mode">
            {sim.data.mode === "all"
              ? "Every step simulated in order on the chain's latest block, each on the state the previous leaves (eth_simulateV1); nothing is signed. Balance changes are the address's, from the simulated transfers."
              : "The chain's gateway offers no eth_simulateV1: only the first step is simulated (eth_call). The runner still checks each step just before signing it."}
          </p>
          <ol className="divide-y divide-border">
            {sim.data.steps.map((s) => (
              <Step key={s.stepIndex} step={s} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
