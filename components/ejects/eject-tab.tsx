"use client";
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import type { EjectRequestView } from "@/lib/clients";
import type { Client } from "@/lib/contracts";
import type { Permission } from "@/lib/auth/permissions";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { RequestCard } from "./request-card";
import { RequestForm } from "./request-form";

const STEPS = ["Request", "Approval by someone else", "Open the window", "Fetch backup shares"];

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
  const list = useQuery({
    queryKey: queryKeys.clients.ejects(client.id),
    queryFn: () => fetchJson<{ requests: EjectRequestView[] }>(`/api/clients/${encodeURIComponent(client.id)}/ejects`),
  });

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
        {STEPS.map((s, i) => (
          <li key={s} className="rounded-full border border-border bg-surface px-2.5 py-1">
            <span className="font-semibold">{i + 1}.</span> {s}
          </li>
        ))}
      </ol>

      {has("eject:request") ? <RequestForm client={client} requests={list.data?.requests ?? []} /> : null}

      <div>
        <h3 className="mb-2 text-sm font-semibold">Eject history</h3>
        {list.isPending ? (
          <TableSkeleton rows={2} columns={4} />
        ) : list.isError ? (
          <ErrorState message={list.error.message} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.requests.length === 0 ? (
          <p className="rounded border border-dashed border-border p-4 text-sm text-muted">
            No eject requests for this client.
          </p>
        ) : (
          <ul className="space-y-3">
            {list.data.requests.map((r) => (
              <RequestCard key={r.id} request={r} client={client} has={has} currentUserEmail={currentUserEmail} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
