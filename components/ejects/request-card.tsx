"use client";
import { useState } from "react";
import { executeEject, withdrawEject } from "@/server/actions/ejects";
import { useAction } from "@/components/hooks/use-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Countdown, useNow } from "@/components/ui/countdown";
import { FormError } from "@/components/ui/form-error";
import type { EjectRequestView } from "@/lib/clients";
import type { Client } from "@/lib/contracts";
import type { Permission } from "@/lib/auth/permissions";
import { queryKeys } from "@/lib/shared/query-keys";
import { DecisionButtons } from "./decision-buttons";
import { FetchShares } from "./fetch-shares";
import { RequestFacts } from "./request-facts";

export const STATUS_TONE = {
  pending: "warning",
  approved: "accent",
  rejected: "danger",
  expired: "neutral",
  executed: "success",
  withdrawn: "neutral",
} as const;

export function RequestCard({
  request: r,
  client,
  has,
  currentUserEmail,
}: {
  request: EjectRequestView;
  client: Client;
  has: (p: Permission) => boolean;
  currentUserEmail: string;
}) {
  const now = useNow();
  const [confirming, setConfirming] = useState<"execute" | "withdraw" | null>(null);
  const own = r.requestedByEmail === currentUserEmail;
  const invalidate = [
    queryKeys.clients.ejects(client.id),
    queryKeys.clients.detail(client.id),
    queryKeys.clients.all,
    queryKeys.approvals.all,
  ];
  const close = () => setConfirming(null);
  // Refusals (the upstream's included) are shown in the card, in words, not in a passing toast nor
  // in the confirmation, which closes: the attempt is over, and the card is what stays on screen.
  const execute = useAction(executeEject, {
    invalidate,
    errors: "inline",
    successMessage: "The eject window is open.",
    onSuccess: close,
    onError: close,
  });
  const withdraw = useAction(withdrawEject, {
    invalidate,
    errors: "inline",
    successMessage: "Request withdrawn.",
    onSuccess: close,
    onError: close,
  });
  const ask = (what: "execute" | "withdraw") => {
    execute.reset();
    withdraw.reset();
    setConfirming(what);
  };
  const windowOpen =
    r.status === "executed" && r.ejectableUntil !== null && now > 0 && new Date(r.ejectableUntil).getTime() > now;
  const canWithdraw = own && has("eject:request") && (r.status === "pending" || r.status === "approved");
  return (
    <li
      className="rounded border border-border bg-surface p-4 text-sm"
      data-testid="eject-request"
      data-request-id={r.id}
      aria-label={`Eject request ${r.status}`}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge>
        <span className="font-mono text-xs break-all">
          {r.curve} · {r.walletId}
        </span>
        <span className="text-xs text-muted">
          ticket {r.ticket} · window {r.windowMinutes} min
        </span>
      </div>
      <RequestFacts request={r} />

      {r.status === "pending" && has("eject:approve") ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-border pt-3">
          {own ? (
            <p className="text-xs text-muted">You requested this: another staff member has to approve or reject it.</p>
          ) : (
            <DecisionButtons request={r} />
          )}
        </div>
      ) : null}

      {r.status === "approved" && has("eject:request") && own ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-border pt-3">
          <Button variant="danger" onClick={() => ask("execute")}>
            Open the eject window ({r.windowMinutes} min)
          </Button>
          <span className="text-xs text-muted">
            The approval lapses in <Countdown until={r.expiresAt} expired="a moment" /> unless the window is opened.
          </span>
        </div>
      ) : null}
      {r.status === "approved" && !own ? (
        <p className="mt-3 border-t border-border pt-3 text-xs text-muted">
          Waiting for {r.requestedByEmail} to open the window.
        </p>
      ) : null}
      {canWithdraw ? (
        <div className="mt-2">
          <Button size="sm" variant="ghost" onClick={() => ask("withdraw")}>
            Withdraw request
          </Button>
        </div>
      ) : null}
      {!confirming && (execute.formError ?? withdraw.formError) ? (
        <div className="mt-3">
          <FormError message={execute.formError ?? withdraw.formError} />
        </div>
      ) : null}

      {r.status === "executed" && r.ejectableUntil ? (
        <div className="mt-3 border-t border-border pt-3">
          <p className="mb-2 font-medium" role="status">
            Window{" "}
            {windowOpen ? (
              <>
                open: closes in <Countdown until={r.ejectableUntil} />
              </>
            ) : (
              "closed"
            )}
          </p>
          {windowOpen && has("eject:fetch-shares") && own && !r.sharesFetchedAt ? (
            <FetchShares request={r} clientId={client.id} />
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => {
          if (!next) {
            close();
            execute.reset();
            withdraw.reset();
          }
        }}
        title={confirming === "execute" ? "Open the eject window?" : "Withdraw this request?"}
        confirmLabel={confirming === "execute" ? `Open for ${r.windowMinutes} minutes` : "Withdraw"}
        tone={confirming === "execute" ? "danger" : "primary"}
        pending={execute.pending || withdraw.pending}
        error={confirming === "execute" ? execute.formError : withdraw.formError}
        onConfirm={() =>
          confirming === "execute" ? execute.run({ requestId: r.id }) : withdraw.run({ requestId: r.id })
        }
      >
        {confirming === "execute" ? (
          <p>
            The upstream makes wallet <span className="font-mono">{r.walletId}</span> ejectable for {r.windowMinutes}{" "}
            minutes. Inside that window you can download its backup shares once; after it, not at all.
          </p>
        ) : (
          <p>The request ends here; nobody can approve or carry it out any more. You can make a new one later.</p>
        )}
      </ConfirmDialog>
    </li>
  );
}
