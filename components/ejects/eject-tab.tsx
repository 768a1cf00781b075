"use client";
import { ShieldAlert } from "lucide-react";
import { useNow } from "@/components/ui/countdown";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import type { Permission } from "@/lib/auth/permissions";
import type { Client } from "@/lib/contracts";
import { EJECT_STEPS, currentEjectStep, ejectStage, isOpenStage } from "@/lib/ejects/state";
import type { EjectRequestView } from "@/lib/ejects/views";
import { cn } from "@/lib/shared/utils";
import { RequestCard } from "./request-card";
import { RequestForm } from "./request-form";
import { useClientEjects } from "./use-client-ejects";

export function EjectTab({
  client,
  permissions,
  currentUserEmail,
}: {
  client: Client;
  permissions: Permission[];
  currentUserEmail: string;
}) {
  const has = (p: Permission) => permissions.includes(p);
  const list = useClientEjects(client.id);

  const now = useNow();
  const requests = list.data?.requests ?? [];
  // Requests still in progress come first (the step someone has to take now), then the form for a
  // new request, then what is over.
  const inProgress = requests.filter((r) => isOpenStage(ejectStage(r, now)));
  const over = requests.filter((r) => !inProgress.includes(r));
  const newest = inProgress[0];
  const step = newest ? currentEjectStep(ejectStage(newest, now)) : has("eject:request") ? 0 : undefined;
  const card = (r: EjectRequestView) => (
    <RequestCard key={r.id} request={r} client={client} has={has} currentUserEmail={currentUserEmail} />
  );

  return (
    <section aria-label="Key ejection" className="space-y-5">
      <div className="flex items-start gap-2 rounded border border-danger/40 bg-danger-soft p-3 text-sm">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        <p>
          <strong className="text-danger">Ejection removes MPC protection from a wallet for good.</strong> It takes two
          staff members: one requests, another approves. The requester then opens a short window and downloads the
          backup shares, once.
        </p>
      </div>
      <ol className="flex flex-wrap gap-2 text-xs" aria-label="Steps">
        {EJECT_STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === step ? "step" : undefined}
            className={cn(
              "rounded-full border px-2.5 py-1",
              i === step
                ? "border-accent bg-accent-soft font-semibold text-accent"
                : step !== undefined && i < step
                  ? "border-border bg-surface text-muted"
                  : "border-border bg-surface",
            )}
          >
            <span className="font-semibold">{i + 1}.</span> {s}
            {i === step ? <span className="sr-only"> (current step)</span> : null}
          </li>
        ))}
      </ol>

      {inProgress.length > 0 ? (
        <div>
          <h3 className="mb-2 text-sm font-semibold">In progress</h3>
          <ul className="space-y-3">{inProgress.map(card)}</ul>
        </div>
      ) : null}

      {has("eject:request") ? <RequestForm client={client} requests={requests} /> : null}

      <div>
        <h3 className="mb-2 text-sm font-semibold">Eject history</h3>
        {list.isPending ? (
          <TableSkeleton rows={2} columns={4} />
        ) : list.isError ? (
          <ErrorState message={list.error.message} error={list.error} onRetry={() => void list.refetch()} />
        ) : over.length === 0 ? (
          <p className="rounded border border-dashed border-border p-4 text-sm text-muted">
            {requests.length === 0 ? "No eject requests for this client." : "Nothing finished yet."}
          </p>
        ) : (
          <ul className="space-y-3">{over.map(card)}</ul>
        )}
      </div>
    </section>
  );
}
