"use client";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { NotificationsView } from "@/lib/notifications";
import { RULES } from "@/lib/notifications/rules";
import { queryKeys } from "@/lib/shared/query-keys";
import { saveNotifyRule } from "@/server/actions/notifications";

type Rule = NotificationsView["rules"][number];

/** One rule: its switch and threshold, saved together; how many findings of it stand now. */
export function RuleRow({ rule, firing }: { rule: Rule; firing: number }) {
  const definition = RULES[rule.id];
  const [enabled, setEnabled] = useState(rule.enabled);
  const save = useAction(saveNotifyRule, {
    errors: "inline",
    fields: ["threshold"],
    successMessage: (r) => `${RULES[r.rule].label}: ${r.enabled ? "on" : "off"}`,
    invalidate: [queryKeys.notifications.all],
  });
  const id = `rule-${rule.id}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = new FormData(event.currentTarget).get("threshold");
    save.run({
      rule: rule.id,
      enabled,
      ...(definition.threshold ? { threshold: raw === "" || raw === null ? Number.NaN : Number(raw) } : {}),
    });
  }

  return (
    <li className="p-3">
      <form onSubmit={onSubmit} aria-label={definition.label} className="flex flex-wrap items-start gap-3" noValidate>
        <div className="min-w-0 flex-1 basis-64">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
              className="size-4 accent-[var(--accent)]"
            />
            {definition.label}
            {firing > 0 ? <Badge tone="danger">{firing} firing</Badge> : null}
          </label>
          <p className="mt-1 text-xs text-muted">{definition.description}</p>
        </div>
        {definition.threshold ? (
          <div className="flex flex-col gap-1">
            <div className="flex items-center gap-1.5 text-sm">
              <label htmlFor={`${id}-threshold`} className="text-xs text-muted">
                {definition.threshold.label}
              </label>
              <Input
                id={`${id}-threshold`}
                name="threshold"
                type="number"
                min={definition.threshold.min}
                max={definition.threshold.max}
                defaultValue={rule.threshold}
                className="w-24"
                aria-invalid={Boolean(save.fieldErrors.threshold)}
                aria-describedby={save.fieldErrors.threshold ? `${id}-threshold-error` : undefined}
              />
              <span className="text-xs text-muted">{definition.threshold.unit}</span>
            </div>
            {save.fieldErrors.threshold ? (
              <p id={`${id}-threshold-error`} role="alert" className="text-xs text-danger">
                {save.fieldErrors.threshold}
              </p>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" size="sm" disabled={save.pending} aria-label={`Save ${definition.label}`}>
          {save.pending ? "Saving…" : "Save"}
        </Button>
      </form>
      {save.formError ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {save.formError}
        </p>
      ) : null}
    </li>
  );
}
