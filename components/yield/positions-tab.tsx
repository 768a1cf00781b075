"use client";
import { useQueryStates } from "nuqs";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ChainMultiSelect } from "@/components/ui/chain-multi-select";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { chainLabel, YIELD_NETWORKS } from "@/lib/chains";
import type { OpportunityView } from "@/lib/yield/opportunities";
import { sortBalances, type PositionBalance, type YieldClientView } from "@/lib/yield/positions";
import { yieldPageParsers } from "@/lib/yield/search-params";
import { enumWords as words, withUnit } from "@/lib/yield/words";
import { ActionDialog } from "./action-dialog-lazy";
import { ManageDialog, type PendingChoice } from "./manage-dialog";
import { useOpportunities, usePositions } from "./use-yield-reads";

const TYPE_TONES: Record<string, "success" | "accent" | "warning" | "neutral"> = {
  active: "success",
  entering: "accent",
  exiting: "warning",
  withdrawable: "accent",
  claimable: "accent",
};

/** The client's balances per yield and type; pending actions and exits for a test client. */
export function PositionsTab({
  client,
  readOnly,
  networks,
}: {
  client: YieldClientView;
  readOnly: string | null;
  /** Chosen in the address; null reads the client's own networks (where it has runs or provider actions). */
  networks: string[] | null;
}) {
  const [, setState] = useQueryStates(yieldPageParsers, { history: "push" });
  const [pending, setPending] = useState<PendingChoice>();
  const [exiting, setExiting] = useState<OpportunityView>();
  const held = usePositions(client.clientId, networks);
  const offered = useOpportunities(client.clientId, { sort: "rate-desc" });
  // The networks read: the chosen ones, else those the server found for the client.
  const read = networks ?? held.data?.networks ?? [];
  const byId = new Map((offered.data?.items ?? []).map((o) => [o.id, o]));

  return (
    <div className="space-y-3">
      <div className="max-w-sm">
        <ChainMultiSelect
          label="Networks read"
          options={YIELD_NETWORKS}
          value={read}
          anyLabel="The client's networks"
          onChange={(list) => void setState({ networks: list.length > 0 ? list.slice(0, 10).join(",") : null })}
        />
      </div>
      {held.isPending ? (
        <TableSkeleton rows={4} columns={5} />
      ) : held.isError ? (
        <ErrorState message={held.error.message} error={held.error} onRetry={() => void held.refetch()} />
      ) : (
        <>
          {held.data.errors.length > 0 ? (
            <div role="alert" className="rounded border border-warning/40 bg-warning-soft p-3 text-sm">
              <p className="font-medium">The provider could not read every yield:</p>
              <ul className="mt-1 list-disc pl-5">
                {held.data.errors.map((e, i) => (
                  <li key={i}>
                    <span className="font-mono text-xs">{e.yieldId ?? "(no yield)"}</span>: {e.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {held.data.items.length === 0 ? (
            <EmptyState title={`No yield positions on ${listNetworks(read)}`}>
              Enter a yield from Opportunities, or choose other networks above.
            </EmptyState>
          ) : (
            held.data.items.map((item) => {
              const o = byId.get(item.yieldId);
              const hasActive = item.balances.some((b) => b.type === "active");
              return (
                <section
                  key={item.yieldId}
                  aria-label={`Position in ${o?.name ?? item.yieldId}`}
                  className="space-y-2 rounded-lg border border-border bg-surface p-4"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h3 className="font-medium">{o?.name ?? item.yieldId}</h3>
                      <p className="font-mono text-xs break-all text-muted">{item.yieldId}</p>
                    </div>
                    {!readOnly && o && hasActive && o.canExit ? (
                      <Button size="sm" onClick={() => setExiting(o)}>
                        Exit…
                      </Button>
                    ) : null}
                  </div>
                  <ul className="divide-y divide-border text-sm">
                    {sortBalances(item.balances).map((b, i) => (
                      <BalanceRow
                        key={`${b.type}-${i}`}
                        balance={b}
                        readOnly={readOnly}
                        onAction={(action) =>
                          setPending({
                            clientId: client.clientId,
                            isAccountAbstracted: client.isAccountAbstracted,
                            yieldId: item.yieldId,
                            name: o?.name ?? item.yieldId,
                            action,
                            balanceType: b.type,
                            amount: b.amount,
                            symbol: b.token.symbol,
                          })
                        }
                      />
                    ))}
                  </ul>
                </section>
              );
            })
          )}
        </>
      )}
      <ManageDialog choice={pending} onClose={() => setPending(undefined)} />
      {exiting ? (
        <ActionDialog intent="exit" client={client} opportunity={exiting} onClose={() => setExiting(undefined)} />
      ) : null}
    </div>
  );
}

const listNetworks = (networks: string[]) =>
  new Intl.ListFormat("en", { type: "conjunction" }).format(networks.map((n) => chainLabel(n)));

function BalanceRow({
  balance: b,
  readOnly,
  onAction,
}: {
  balance: PositionBalance;
  readOnly: string | null;
  onAction: (action: string) => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2" data-testid="balance" data-type={b.type}>
      <Badge tone={TYPE_TONES[b.type] ?? "neutral"}>{words(b.type)}</Badge>
      <span className="tabular font-medium" data-testid="balance-amount">
        {withUnit(b.amount, b.token.symbol)}
      </span>
      {b.amountUsd ? <span className="tabular text-muted">${Number(b.amountUsd).toFixed(2)}</span> : null}
      <span className="text-xs text-muted">{b.isEarning ? "earning" : "not earning"}</span>
      <span className="text-xs text-muted">{chainLabel(b.network)}</span>
      {b.date ? <span className="text-xs text-muted">until {b.date}</span> : null}
      {b.pendingActions.length > 0 ? (
        <span className="ml-auto flex flex-wrap gap-1">
          {b.pendingActions.map((p) =>
            readOnly ? (
              <Badge key={p.type}>{words(p.type)} possible</Badge>
            ) : (
              <Button key={p.type} size="sm" onClick={() => onAction(p.type)}>
                {words(p.type)}
              </Button>
            ),
          )}
        </span>
      ) : null}
    </li>
  );
}
