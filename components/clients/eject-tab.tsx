"use client";
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Download, ShieldAlert } from "lucide-react";
import { toast } from "sonner";
import { approveEject, executeEject, rejectEject, requestEject } from "@/server/actions/eject";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Countdown, useNow } from "@/components/ui/countdown";
import { Field, Input, Select } from "@/components/ui/field";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import { EJECT_WINDOW_MINUTES, type EjectRequestView } from "@/lib/clients";
import type { Client } from "@/lib/contracts";
import { utc } from "@/lib/format";
import type { Permission } from "@/lib/permissions";
import { fetchJson } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { describeError, type ActionResult } from "@/lib/result";

const STATUS_TONE = {
  pending: "warning",
  approved: "accent",
  rejected: "danger",
  expired: "neutral",
  executed: "success",
} as const;
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
  const queryClient = useQueryClient();
  const has = (p: Permission) => permissions.includes(p);
  const list = useQuery({
    queryKey: queryKeys.clients.ejects(client.id),
    queryFn: () => fetchJson<{ requests: EjectRequestView[] }>(`/api/clients/${encodeURIComponent(client.id)}/ejects`),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.clients.ejects(client.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.clients.detail(client.id) });
  };
  const run = useMutation({
    mutationFn: (call: () => Promise<ActionResult<EjectRequestView>>) => call(),
    onSuccess: (result) => {
      if (!result.ok) return void toast.error(describeError(result.error));
      refresh();
    },
    onError: () => toast.error("The request could not be sent. Check your connection and try again."),
  });

  return (
    <section aria-label="Key ejection" className="space-y-5">
      <div className="flex items-start gap-2 rounded border border-danger/40 bg-danger-soft p-3 text-sm">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        <p>
          <strong className="text-danger">Ejection removes MPC protection from a wallet for good.</strong> It takes two
          staff members: one requests, another approves. The backup shares can then be downloaded once, inside a short
          window.
        </p>
      </div>
      <ol className="flex flex-wrap gap-2 text-xs" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s} className="rounded-full border border-border bg-surface px-2.5 py-1">
            <span className="font-semibold">{i + 1}.</span> {s}
          </li>
        ))}
      </ol>

      {has("eject:request") ? <RequestForm client={client} onDone={refresh} /> : null}

      <div>
        <h3 className="mb-2 text-sm font-semibold">Eject history</h3>
        {list.isPending ? (
          <TableSkeleton rows={2} columns={4} />
        ) : list.isError ? (
          <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
        ) : list.data.requests.length === 0 ? (
          <p className="rounded border border-dashed border-border p-4 text-sm text-muted">
            No eject requests for this client.
          </p>
        ) : (
          <ul className="space-y-3">
            {list.data.requests.map((r) => (
              <EjectRequestCard
                key={r.id}
                request={r}
                client={client}
                has={has}
                currentUserEmail={currentUserEmail}
                busy={run.isPending}
                run={(call) => run.mutate(call)}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function RequestForm({ client, onDone }: { client: Client; onDone: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const wallets = client.wallets;
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    setPending(true);
    const result = await requestEject({
      clientId: client.id,
      walletId: f.get("walletId"),
      reason: f.get("reason"),
      ticket: f.get("ticket"),
      windowMinutes: f.get("windowMinutes"),
    }).catch(() => null);
    setPending(false);
    if (!result) return setFormError("The request could not be sent. Check your connection and try again.");
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      return setFormError(describeError(result.error));
    }
    setErrors({});
    setFormError(undefined);
    form.reset();
    toast.success("Eject requested; another staff member must approve it.");
    onDone();
  }
  if (wallets.length === 0) return <p className="text-sm text-muted">This client has no wallet to eject yet.</p>;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded border border-border bg-surface p-4 md:grid-cols-2"
      aria-label="Request an eject"
    >
      <h3 className="text-sm font-semibold md:col-span-2">1. Request an eject</h3>
      <Field id="eject-wallet" label="Wallet" error={errors.walletId}>
        <Select id="eject-wallet" name="walletId">
          {wallets.map((w) => (
            <option key={w.id} value={w.id}>
              {w.curve} · {w.id}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="eject-ticket" label="Ticket reference" error={errors.ticket}>
        <Input id="eject-ticket" name="ticket" placeholder="SUP-1234" aria-invalid={Boolean(errors.ticket)} />
      </Field>
      <Field id="eject-reason" label="Reason" error={errors.reason} className="md:col-span-2">
        <textarea
          id="eject-reason"
          name="reason"
          rows={2}
          className="w-full rounded border border-border bg-surface px-2.5 py-1.5 text-sm"
          aria-invalid={Boolean(errors.reason)}
        />
      </Field>
      <Field
        id="eject-window"
        label="Window (minutes)"
        error={errors.windowMinutes}
        hint={`At least ${EJECT_WINDOW_MINUTES.min} minute; the upstream's default is 5.`}
      >
        <Input
          id="eject-window"
          name="windowMinutes"
          type="number"
          inputMode="numeric"
          defaultValue={EJECT_WINDOW_MINUTES.default}
          aria-invalid={Boolean(errors.windowMinutes)}
        />
      </Field>
      <div className="flex items-end md:col-span-2">
        {formError ? (
          <p role="alert" className="mr-3 flex-1 rounded bg-danger-soft px-3 py-2 text-sm text-danger">
            {formError}
          </p>
        ) : (
          <span className="flex-1" />
        )}
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Requesting…" : "Request eject"}
        </Button>
      </div>
    </form>
  );
}

function EjectRequestCard({
  request: r,
  client,
  has,
  currentUserEmail,
  busy,
  run,
}: {
  request: EjectRequestView;
  client: Client;
  has: (p: Permission) => boolean;
  currentUserEmail: string;
  busy: boolean;
  run: (call: () => Promise<ActionResult<EjectRequestView>>) => void;
}) {
  const now = useNow();
  const [note, setNote] = useState("");
  const own = r.requestedByEmail === currentUserEmail;
  const windowOpen =
    r.status === "executed" && r.ejectableUntil !== null && now > 0 && new Date(r.ejectableUntil).getTime() > now;
  return (
    <li
      className="rounded border border-border bg-surface p-4 text-sm"
      data-testid="eject-request"
      aria-label={`Eject request ${r.status}`}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge>
        <span className="font-mono text-xs">
          {r.curve} · {r.walletId}
        </span>
        <span className="text-xs text-muted">
          ticket {r.ticket} · window {r.windowMinutes} min
        </span>
      </div>
      <p className="mb-2">{r.reason}</p>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-0.5 text-xs text-muted">
        <dt>Requested</dt>
        <dd>
          {r.requestedByEmail} · {utc(r.requestedAt)}
        </dd>
        {r.status === "pending" ? (
          <>
            <dt>Expires</dt>
            <dd>{utc(r.expiresAt)}</dd>
          </>
        ) : null}
        {r.decidedByEmail ? (
          <>
            <dt>{r.status === "rejected" ? "Rejected" : "Approved"}</dt>
            <dd>
              {r.decidedByEmail} · {utc(r.decidedAt)}
              {r.decisionNote ? ` — ${r.decisionNote}` : ""}
            </dd>
          </>
        ) : null}
        {r.executedByEmail ? (
          <>
            <dt>Window opened</dt>
            <dd>
              {r.executedByEmail} · {utc(r.executedAt)}
            </dd>
          </>
        ) : null}
        {r.ejectableUntil ? (
          <>
            <dt>Ejectable until</dt>
            <dd>{utc(r.ejectableUntil)}</dd>
          </>
        ) : null}
        {r.sharesFetchedByEmail ? (
          <>
            <dt>Shares fetched</dt>
            <dd>
              {r.sharesFetchedByEmail} · {utc(r.sharesFetchedAt)}
            </dd>
          </>
        ) : null}
      </dl>

      {r.status === "pending" && has("eject:approve") ? (
        <div className="mt-3 flex flex-wrap items-end gap-2 border-t border-border pt-3">
          <Field
            id={`note-${r.id}`}
            label="Decision note"
            className="min-w-64 flex-1"
            hint={own ? "You requested this: another staff member has to decide it." : undefined}
          >
            <Input id={`note-${r.id}`} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => run(() => approveEject({ requestId: r.id, note: note || undefined }))}
          >
            <Check className="size-4" aria-hidden /> Approve
          </Button>
          <Button disabled={busy} onClick={() => run(() => rejectEject({ requestId: r.id, note }))}>
            Reject
          </Button>
        </div>
      ) : null}

      {r.status === "approved" && has("eject:request") ? (
        <div className="mt-3 flex items-center gap-3 border-t border-border pt-3">
          <Button variant="danger" disabled={busy} onClick={() => run(() => executeEject({ requestId: r.id }))}>
            Open the eject window ({r.windowMinutes} min)
          </Button>
          <span className="text-xs text-muted">Calls enable-eject upstream; the countdown starts now.</span>
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
          {windowOpen && has("eject:fetch-shares") ? <FetchShares request={r} clientId={client.id} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The shares go straight from the response into one file download: never rendered, never put in
 * React Query's cache, never stored by the console.
 */
function FetchShares({ request, clientId }: { request: EjectRequestView; clientId: string }) {
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      const res = await fetch(`/api/clients/${encodeURIComponent(clientId)}/ejects/${request.id}/shares`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ confirmClientId: confirm }),
        cache: "no-store",
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setError(body?.error?.message ?? `The shares could not be fetched (${res.status}).`);
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = `eject-${clientId}-${request.walletId}.json`;
      a.click();
      URL.revokeObjectURL(url);
      setConfirm("");
      toast.success("Backup shares downloaded. Keep the file safe; the console holds no copy.");
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.ejects(clientId) });
    } catch {
      setError("The request could not be sent. Check your connection and try again.");
    } finally {
      setPending(false);
    }
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" aria-label="Fetch backup shares" noValidate>
      <Field
        id={`confirm-${request.id}`}
        label={`Type the client id (${clientId}) to confirm`}
        className="min-w-80 flex-1"
        error={error}
      >
        <Input
          id={`confirm-${request.id}`}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          className="font-mono"
          autoComplete="off"
        />
      </Field>
      <Button type="submit" variant="danger" disabled={pending || confirm.trim() !== clientId}>
        <Download className="size-4" aria-hidden /> {pending ? "Fetching…" : "Download backup shares"}
      </Button>
    </form>
  );
}
