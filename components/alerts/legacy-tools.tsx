"use client";
import { ArrowLeft, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { chainLabel, FORMAT_CHAIN_ALIASES } from "@/lib/chains";
import { formatAlert, retryAlertsByBlock } from "@/server/actions/alerts";

/** The chains the format endpoints take: the bare "eip155" of their body table, then the named ones. */
const FORMAT_CHAINS = ["eip155", ...Object.keys(FORMAT_CHAIN_ALIASES)];

export function LegacyTools() {
  return (
    <div className="space-y-6">
      <Link href="/alerts" className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ArrowLeft className="size-3.5" aria-hidden /> Alerts
      </Link>
      <p className="flex items-start gap-2 rounded border border-warning/40 bg-warning-soft p-3 text-sm text-warning">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        Deprecated by the upstream. Every use is recorded in the audit log.
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <FormatTool />
        <RetryTool />
      </div>
    </div>
  );
}

function FormatTool() {
  const [events, setEvents] = useState<unknown[]>();
  const format = useAction(formatAlert, {
    errors: "inline",
    fields: ["chain", "rawAlert"],
    onSuccess: (r) => setEvents(r.events),
  });
  const errors = format.fieldErrors;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    setEvents(undefined);
    format.run({ chain: f.get("chain"), rawAlert: f.get("rawAlert"), many: f.get("many") === "on" });
  }
  return (
    <section aria-labelledby="format-heading" className="space-y-3 rounded border border-border bg-surface p-4">
      <h2 id="format-heading" className="flex items-center gap-2 font-medium">
        Format a raw alert <Badge tone="warning">deprecated</Badge>
      </h2>
      <p className="text-sm text-muted">
        Paste a webhook body exactly as it was received; the upstream reads it back as transfers.
      </p>
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Format a raw alert">
        <Field id="fmt-chain" label="Chain" error={errors.chain}>
          <Select id="fmt-chain" name="chain" defaultValue="sepolia">
            {FORMAT_CHAINS.map((c) => (
              <option key={c} value={c}>
                {c === "eip155"
                  ? "eip155 (any EVM chain)"
                  : `${chainLabel(FORMAT_CHAIN_ALIASES[c as keyof typeof FORMAT_CHAIN_ALIASES])} — ${c}`}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="fmt-raw" label="Raw webhook body (JSON)" error={errors.rawAlert}>
          <textarea
            id="fmt-raw"
            name="rawAlert"
            rows={8}
            className="w-full rounded border border-border bg-surface px-2.5 py-1.5 font-mono text-xs"
            aria-invalid={Boolean(errors.rawAlert)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="many" defaultChecked /> The body may hold several transactions (/alerts/format)
        </label>
        <FormError message={format.formError} />
        <Button type="submit" variant="primary" disabled={format.pending}>
          {format.pending ? "Formatting…" : "Format"}
        </Button>
      </form>
      {events ? (
        <div role="status" className="space-y-2">
          <p className="text-sm">
            {events.length} formatted {events.length === 1 ? "event" : "events"}:
          </p>
          <pre
            className="max-h-96 overflow-auto rounded border border-border bg-surface-2 p-3 font-mono text-xs whitespace-pre-wrap break-all"
            aria-label="Formatted events"
            tabIndex={0}
          >
            {JSON.stringify(events, null, 2)}
          </pre>
        </div>
      ) : null}
    </section>
  );
}

function RetryTool() {
  const [queued, setQueued] = useState<string>();
  const retry = useAction(retryAlertsByBlock, {
    errors: "inline",
    onSuccess: (r) =>
      setQueued(
        `Queued: the wallet events of block ${r.blockNumber} on eip155:${r.chainReferenceId} will be sent again.`,
      ),
  });
  const errors = retry.fieldErrors;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    setQueued(undefined);
    retry.run({
      chainReferenceId: f.get("chainReferenceId"),
      blockNumber: f.get("blockNumber"),
      streamId: f.get("streamId"),
    });
  }
  return (
    <section aria-labelledby="retry-heading" className="space-y-3 rounded border border-border bg-surface p-4">
      <h2 id="retry-heading" className="flex items-center gap-2 font-medium">
        Retry by block number <Badge tone="warning">deprecated</Badge>
      </h2>
      <p className="text-sm text-muted">Resends the wallet events of one block of an EVM chain.</p>
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Retry by block number">
        <Field
          id="retry-chain"
          label="Chain reference (EVM)"
          error={errors.chainReferenceId}
          hint="The number after eip155:, e.g. 11155111 for Sepolia"
        >
          <Input
            id="retry-chain"
            name="chainReferenceId"
            inputMode="numeric"
            defaultValue="11155111"
            aria-invalid={Boolean(errors.chainReferenceId)}
          />
        </Field>
        <Field id="retry-block" label="Block number" error={errors.blockNumber}>
          <Input id="retry-block" name="blockNumber" inputMode="numeric" aria-invalid={Boolean(errors.blockNumber)} />
        </Field>
        <Field id="retry-stream" label="Stream id" error={errors.streamId} hint="Supplied by the operator">
          <Input id="retry-stream" name="streamId" autoComplete="off" aria-invalid={Boolean(errors.streamId)} />
        </Field>
        <FormError message={Object.keys(errors).length > 0 ? undefined : retry.formError} />
        <Button type="submit" variant="primary" disabled={retry.pending}>
          {retry.pending ? "Sending…" : "Retry the block"}
        </Button>
      </form>
      {queued ? (
        <p role="status" className="rounded bg-success-soft px-3 py-2 text-sm text-success">
          {queued}
        </p>
      ) : null}
    </section>
  );
}
