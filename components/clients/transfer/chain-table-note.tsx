"use client";
import { Info } from "lucide-react";
import { chainLabel, type Caip2Id } from "@/lib/chains";
import { chainOptions, compareChainTables, describeDifference } from "@/lib/chains/options";

const named = (id: Caip2Id) => `${chainLabel(id)} (${id})`;
const transferOptions = chainOptions("buildTransaction", "assets");
const comparison = compareChainTables("buildTransaction", "assets");

/**
 * Under the transfer chain picker: which chain the build runs on, how the chosen chain differs from
 * the balances table when it does, and the whole difference between the two tables on request.
 */
export function ChainTableNote({ chainId, id }: { chainId: Caip2Id; id: string }) {
  const difference = transferOptions.find((o) => o.value === chainId)?.difference;
  return (
    <div id={id} className="space-y-1.5 text-xs">
      <p className="text-muted">
        Builds on {named(chainId)}. This list is the build-transaction endpoint&apos;s chain table, which is not the
        balances table.
      </p>
      {difference ? (
        <div
          className="flex gap-2 rounded border border-warning/40 bg-warning-soft p-2 text-warning"
          data-testid="chain-difference"
        >
          <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <div className="space-y-1">
            {describeDifference("buildTransaction", "assets", chainId, difference).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </div>
      ) : null}
      <details className="text-muted">
        <summary className="cursor-pointer rounded hover:text-fg">How this list differs from the balances list</summary>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {comparison.renamed.map((r) => (
            <li key={r.alias}>
              “{r.alias}” is {named(r.here)} here, but {named(r.there)} for balances.
            </li>
          ))}
          <li>Only here (no balances): {comparison.onlyHere.map(named).join(", ")}.</li>
          <li>Only for balances (cannot be built): {comparison.onlyThere.map((id) => chainLabel(id)).join(", ")}.</li>
        </ul>
      </details>
    </div>
  );
}
