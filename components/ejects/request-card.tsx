"use client";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Countdown, useNow } from "@/components/ui/countdown";
import { FormError } from "@/components/ui/form-error";
import type { Permission } from "@/lib/auth/permissions";
import type { Client } from "@/lib/contracts";
import { EJECT_STAGE_LABELS, ejectStage } from "@/lib/ejects/state";
import type { EjectRequestView } from "@/lib/ejects/views";
import { queryKeys } from "@/lib/shared/query-keys";
import { executeEject, withdrawEject } from "@/server/actions/ejects";
import { DecisionButtons } from "./decision-buttons";
import { EvidenceLink } from "./evidence-link";
import { FetchShares } from "./fetch-shares";
import { RequestFacts } from "./request-facts";
import { EjectStageBadge } from "./stage-badge";

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
  const stage = ejectStage(r, now);
  const windowOpen = stage === "window-open" && now > 0;
  const canWithdraw = own && has("eject:request") && (r.status === "pending" || r.status === "approved");
  return (
    <li
      className="rounded border border-border bg-surface p-4 text-sm"
      data-testid="eject-request"
      data-request-id={r.id}
      aria-label={`Eject request: ${EJECT_STAGE_LABELS[stage]}`}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <EjectStageBadge stage={stage} />
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

      {stage === "window-open" && r.ejectableUntil ? (
        <div className="mt-3 border-t border-border pt-3">
          <p className="mb-2 font-medium" role="status">
            Window open: closes in <Countdown until={r.ejectableUntil} />
          </p>
          {windowOpen && has("eject:fetch-shares") && own ? <FetchShares request={r} clientId={client.id} /> : null}
        </div>
      ) : null}
      {stage === "shares-downloaded" ? (
        <div className="mt-3 space-y-2 border-t border-border pt-3">
          <p className="text-xs text-muted">
            The backup shares were downloaded, once; this wallet is out of MPC protection. Nothing more can be done with
            this request.
          </p>
          <EvidenceLink request={r} />
        </div>
      ) : null}
      {stage === "window-closed" ? (
        <p className="mt-3 border-t border-border pt-3 text-xs text-muted">
          The window closed before the backup shares were downloaded. Request again if they are still needed.
        </p>
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
