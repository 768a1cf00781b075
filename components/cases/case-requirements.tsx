"use client";
import { useAction } from "@/components/hooks/use-action";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import { queryKeys } from "@/lib/shared/query-keys";
import { requireCase } from "@/server/actions/cases";
import { useCaseRequirements } from "./use-case-requirements";

/**
 * The administrator's setting: which sensitive acts are refused without a case reference. Each
 * change is an audited act; it holds on every instance from the next act on.
 */
export function CaseRequirements() {
  const requirements = useCaseRequirements();
  const change = useAction(requireCase, {
    invalidate: [queryKeys.cases.requirements()],
    successMessage: (r) => `${r.required ? "A case is now required" : "A case is no longer required"} for ${r.action}.`,
  });
  return (
    <section aria-labelledby="case-requirements-title" className="space-y-3" data-testid="case-requirements">
      <div>
        <h2 id="case-requirements-title" className="text-base font-semibold">
          Case references
        </h2>
        <p className="text-sm text-muted">
          Acts ticked here are refused unless the person has set the case they are working on (the folder button at the
          top of every page). Any act may carry a case; these must.
        </p>
      </div>
      {requirements.isPending ? (
        <TableSkeleton rows={4} />
      ) : requirements.isError ? (
        <ErrorState
          message={requirements.error.message}
          error={requirements.error}
          onRetry={() => void requirements.refetch()}
        />
      ) : (
        <ul className="grid gap-x-6 gap-y-2 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2">
          {requirements.data.requirements.map((r) => (
            <li key={r.action}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-[var(--accent)]"
                  checked={r.required}
                  disabled={change.pending}
                  onChange={(event) => change.run({ action: r.action, required: event.target.checked })}
                />
                <span>
                  {r.label}
                  <span className="block text-xs text-muted">
                    <code>{r.action}</code>
                    {r.required && r.requiredBy ? ` · required by ${r.requiredBy}` : ""}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
