"use client";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { chainLabel } from "@/lib/chains";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { argumentsSchemaFor, coerceArguments, type ArgumentField } from "@/lib/yield/arguments";
import type { OpportunityView } from "@/lib/yield/opportunities";
import { overBalance } from "@/lib/yield/over-balance";
import type { AvailableBalance, YieldClientView } from "@/lib/yield/positions";
import { availableUrl } from "@/lib/yield/routes";
import { withUnit } from "@/lib/yield/words";
import { previewYieldRun } from "@/server/actions/yield";

/**
 * Enter or exit a yield: a form built from the yield's own argument schema, checked here and again
 * on the server; "Preview" asks the provider for the transactions and opens the run, where nothing
 * is signed until it is started.
 */
export function ActionDialog({
  intent,
  client,
  opportunity,
  onClose,
}: {
  intent: "enter" | "exit";
  client: YieldClientView;
  opportunity: OpportunityView;
  onClose: () => void;
}) {
  const router = useRouter();
  const schema = intent === "enter" ? opportunity.enterArguments : opportunity.exitArguments;
  const fields: ArgumentField[] = schema?.fields ?? [
    { name: "amount", type: "string", label: "Amount", required: true },
  ];
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [stripGas, setStripGas] = useState(client.isAccountAbstracted);
  const [local, setLocal] = useState<Record<string, string>>({});
  const preview = useAction(previewYieldRun, {
    errors: "inline",
    fields: fields.map((f) => `arguments.${f.name}`),
    onSuccess: (run) => router.push(`/yield/runs/${run.id}`),
  });
  // The server's word on a field holds for the value it was given; a changed value is not refused yet.
  const [sent, setSent] = useState<Record<string, string | boolean>>({});
  const errorOf = (name: string) =>
    local[name] ?? (values[name] === sent[name] ? preview.fieldErrors[`arguments.${name}`] : undefined);
  const network = intent === "enter" ? opportunity.network : null;
  const token = opportunity.token.address ?? opportunity.token.symbol;
  const held = useQuery({
    queryKey: queryKeys.yield.available(client.clientId, network ?? "", token),
    queryFn: () => fetchJson<AvailableBalance>(availableUrl(client.clientId, network ?? "", token)),
    enabled: network !== null,
  });
  // Said while the amount is typed, beside the balance it is more than; the server refuses it too.
  const over = typeof values.amount === "string" ? overBalance(values.amount, held.data) : null;
  const verb = intent === "enter" ? "Enter" : "Exit";
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${verb} ${opportunity.name}`}
      description={`For ${client.clientId} on ${opportunity.network ? chainLabel(opportunity.network) : "its network"}. Nothing is signed until you start the run.`}
    >
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const args = coerceArguments(fields, values);
          const checked = argumentsSchemaFor(schema, opportunity.token.symbol).safeParse(args);
          if (!checked.success) {
            const messages: Record<string, string> = {};
            for (const issue of checked.error.issues) messages[String(issue.path[0] ?? "amount")] ??= issue.message;
            return setLocal(messages);
          }
          setLocal({});
          setSent(values);
          preview.run({
            intent,
            clientId: client.clientId,
            yieldId: opportunity.id,
            arguments: args,
            stripGas,
          });
        }}
      >
        {network ? <Available held={held} symbol={opportunity.token.symbol} network={network} /> : null}
        {fields.map((field) => {
          const id = `arg-${field.name}`;
          const label = `${field.label ?? field.name}${field.name === "amount" ? ` (${opportunity.token.symbol})` : ""}`;
          if (field.type === "boolean")
            return (
              <label key={field.name} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={values[field.name] === true}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.checked }))}
                />
                {field.label ?? field.name}
              </label>
            );
          if (field.type === "enum")
            return (
              <Field key={field.name} id={id} label={label} error={errorOf(field.name)}>
                <Select
                  id={id}
                  value={String(values[field.name] ?? "")}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                >
                  <option value="">Choose…</option>
                  {(field.options ?? []).map((o) => (
                    <option key={String(o)} value={String(o)}>
                      {String(o)}
                    </option>
                  ))}
                </Select>
              </Field>
            );
          return (
            <Field
              key={field.name}
              id={id}
              label={label}
              error={errorOf(field.name)}
              hint={
                field.name === "amount" && intent === "enter" && (opportunity.entryMinimum || opportunity.entryMaximum)
                  ? `Between ${withUnit(opportunity.entryMinimum ?? "0", opportunity.token.symbol)} and ${
                      opportunity.entryMaximum
                        ? withUnit(opportunity.entryMaximum, opportunity.token.symbol)
                        : "no maximum"
                    }`
                  : field.description
              }
            >
              <Input
                id={id}
                inputMode={field.name === "amount" || field.type === "number" ? "decimal" : undefined}
                value={String(values[field.name] ?? "")}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                aria-invalid={Boolean(errorOf(field.name))}
                aria-describedby={field.name === "amount" && over ? "over-balance" : undefined}
                autoComplete="off"
              />
              {field.name === "amount" && over && !errorOf(field.name) ? (
                <p id="over-balance" role="status" className="text-xs font-medium text-warning">
                  {over}
                </p>
              ) : null}
            </Field>
          );
        })}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" checked={stripGas} onChange={(e) => setStripGas(e.target.checked)} className="mt-1" />
          <span>
            Let the signing service estimate gas (drop the provider&apos;s gas fields before signing)
            {client.isAccountAbstracted ? "; recommended for an account-abstracted client" : ""}
          </span>
        </label>
        <FormError message={preview.formError} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={preview.pending}>
            {preview.pending ? "Asking the provider…" : "Preview transactions"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** What the client holds of the token on the yield's network: the most this Enter can take. */
function Available({
  held,
  symbol,
  network,
}: {
  held: UseQueryResult<AvailableBalance>;
  symbol: string;
  network: string;
}) {
  return (
    <p className="rounded bg-surface-2 px-3 py-2 text-sm" data-testid="available">
      <span className="text-muted">Available on {chainLabel(network)}: </span>
      {held.isPending ? (
        "reading…"
      ) : held.isError ? (
        <span className="text-danger">could not be read ({held.error.message})</span>
      ) : held.data.amount === null ? (
        <span className="text-muted">{held.data.reason ?? "not known"}</span>
      ) : (
        <span className="tabular font-medium">{withUnit(held.data.amount, symbol)}</span>
      )}
    </p>
  );
}
