"use client";
import { useRef, useState, type FormEvent } from "react";
import { useWorkingCase } from "@/components/cases/working-case";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { useNow } from "@/components/ui/countdown";
import { Field, Input, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import type { Client } from "@/lib/contracts";
import { ejectIneligibility } from "@/lib/ejects/eligibility";
import { ejectStage, isOpenStage } from "@/lib/ejects/state";
import { sharesHandedOut } from "@/lib/ejects/summary";
import { EJECT_TICKET_MAX } from "@/lib/ejects/ticket";
import type { EjectRequestView } from "@/lib/ejects/views";
import { EJECT_WINDOW_MINUTES } from "@/lib/ejects/window";
import { queryKeys } from "@/lib/shared/query-keys";
import { requestEject } from "@/server/actions/ejects";

export function RequestForm({ client, requests }: { client: Client; requests: readonly EjectRequestView[] }) {
  const formRef = useRef<HTMLFormElement>(null);
  const now = useNow();
  const inProgress = new Set(requests.filter((r) => isOpenStage(ejectStage(r, now))).map((r) => r.walletId));
  // Start on a wallet that can be requested now, else one with nothing in progress, else the first.
  const requestable = (w: Client["wallets"][number]) =>
    !inProgress.has(w.id) && !ejectIneligibility(client, w, sharesHandedOut(requests, w.id));
  const [walletId, setWalletId] = useState(
    (client.wallets.find(requestable) ?? client.wallets.find((w) => !inProgress.has(w.id)) ?? client.wallets[0])?.id ??
      "",
  );
  const wallet = client.wallets.find((w) => w.id === walletId);
  // Said before anyone fills the form in, in the words the server would refuse it with.
  const refusal = wallet
    ? ejectIneligibility(client, wallet, sharesHandedOut(requests, wallet.id))?.message
    : undefined;
  // The case this tab works on (set in the header) is the ticket, where it fits the field: typed once,
  // not again for every act of the case. Drawn again when the case changes.
  const workingCase = useWorkingCase();
  const caseTicket = workingCase && workingCase.length <= EJECT_TICKET_MAX ? workingCase : undefined;
  const request = useAction(requestEject, {
    onSuccess: () => formRef.current?.reset(),
    errors: "inline",
    fields: ["walletId", "ticket", "reason", "windowMinutes"],
    successMessage: "Eject requested; another staff member must approve it.",
    invalidate: [queryKeys.clients.ejects(client.id), queryKeys.clients.detail(client.id)],
  });
  const errors = request.fieldErrors;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    request.run({
      clientId: client.id,
      walletId: f.get("walletId"),
      reason: f.get("reason"),
      ticket: f.get("ticket"),
      windowMinutes: f.get("windowMinutes"),
    });
  }
  if (client.wallets.length === 0) return <p className="text-sm text-muted">This client has no wallet to eject yet.</p>;
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded border border-border bg-surface p-4 md:grid-cols-2"
      aria-label="Request an eject"
    >
      <h3 className="text-sm font-semibold md:col-span-2">
        {inProgress.size > 0 ? "Request an eject for another wallet" : "Request an eject"}
      </h3>
      <Field id="eject-wallet" label="Wallet" error={errors.walletId ?? refusal}>
        <Select id="eject-wallet" name="walletId" value={walletId} onChange={(e) => setWalletId(e.target.value)}>
          {client.wallets.map((w) => (
            <option key={w.id} value={w.id}>
              {w.curve} · {w.id}
              {sharesHandedOut(requests, w.id)
                ? " (shares handed out)"
                : w.backupSharePairs.some((p) => p.status === "completed")
                  ? ""
                  : " (no completed backup)"}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="eject-ticket"
        label="Ticket reference"
        error={errors.ticket}
        hint={caseTicket ? "The case you are working on." : undefined}
      >
        <Input
          key={caseTicket ?? ""}
          id="eject-ticket"
          name="ticket"
          placeholder="SUP-1234"
          defaultValue={caseTicket}
          aria-invalid={Boolean(errors.ticket)}
        />
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
      <div className="flex items-end gap-3 md:col-span-2">
        <div className="flex-1">
          <FormError message={request.formError} />
        </div>
        <Button type="submit" variant="danger" disabled={request.pending || refusal !== undefined}>
          {request.pending ? "Requesting…" : "Request eject"}
        </Button>
      </div>
    </form>
  );
}
