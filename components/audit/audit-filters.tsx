"use client";
import { X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import type { AuditFacets } from "@/lib/audit";
import { groupActions, KNOWN_AUDIT_ACTIONS } from "@/lib/audit/catalog";
import { actionMatch, actionMatches, readFilterCase } from "@/lib/audit/filters";
import { formatUtcMinute, parseUtcMinute, UTC_MINUTE_PLACEHOLDER } from "@/lib/audit/time";
import type { AuditUrlFilters } from "./use-audit-url";

/** The outcome select holds one value for two URL parameters: "error:CODE" is outcome=error&errorCode=CODE. */
const CODE_PREFIX = "error:";

function outcomeValue(state: AuditUrlFilters) {
  return state.errorCode ? `${CODE_PREFIX}${state.errorCode}` : (state.outcome ?? "");
}

/** A form value back to URL values; null leaves a parameter out. */
function outcomeParams(value: string): Pick<AuditUrlFilters, "outcome" | "errorCode"> {
  if (value.startsWith(CODE_PREFIX)) return { outcome: "error", errorCode: value.slice(CODE_PREFIX.length) };
  return { outcome: value || null, errorCode: null };
}

type TimeErrors = { from?: string; to?: string; case?: string };

/**
 * The filter form. Times are typed in 24-hour UTC and checked here first, so a mistyped time gets
 * a message beside its field instead of a URL the page cannot read.
 */
export function AuditFilters({
  state,
  facets,
  urlError,
  onApply,
  onClear,
}: {
  state: AuditUrlFilters;
  facets: AuditFacets | undefined;
  /** What is wrong with filters that came in the URL, by field. */
  urlError: Partial<Record<keyof AuditUrlFilters, string>>;
  onApply: (filters: AuditUrlFilters) => void;
  onClear: () => void;
}) {
  const [timeErrors, setTimeErrors] = useState<TimeErrors>({});
  const known = facets?.actions ?? KNOWN_AUDIT_ACTIONS;
  const groups = groupActions(known);
  const [action, setAction] = useState(state.action ?? "");
  const codes = [...new Set([...(facets?.errorCodes ?? []), ...(state.errorCode ? [state.errorCode] : [])])];
  const hasFilters = Object.values(state).some(Boolean);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim() || null;
    const errors: TimeErrors = {};
    const time = (k: "from" | "to") => {
      const raw = text(k);
      if (!raw) return null;
      const parsed = parseUtcMinute(raw);
      if (parsed.ok) return parsed.iso;
      errors[k] = parsed.message;
      return null;
    };
    const from = time("from");
    const to = time("to");
    if (from && to && from > to) errors.to = "“To” must not be before “From”";
    const caseText = text("case");
    const caseRead = caseText ? readFilterCase(caseText) : undefined;
    if (caseRead && !caseRead.ok) errors.case = caseRead.message;
    setTimeErrors(errors);
    if (errors.from || errors.to || errors.case) return;
    onApply({
      actor: text("actor"),
      action: text("action"),
      ...outcomeParams(text("outcome") ?? ""),
      case: caseRead?.ok ? caseRead.value : null,
      from,
      to,
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid items-start gap-3 rounded border border-border bg-surface p-3 sm:grid-cols-2 lg:grid-cols-[repeat(6,minmax(0,1fr))_auto]"
      aria-label="Filter the audit log"
    >
      <Field id="f-actor" label="Actor (e-mail contains)">
        <Input id="f-actor" name="actor" defaultValue={state.actor ?? ""} placeholder="name@company.com" />
      </Field>
      <Field id="f-action" label="Action" error={urlError.action} hint={<ActionHint value={action} known={known} />}>
        <Input
          id="f-action"
          name="action"
          list="f-action-list"
          value={action}
          onChange={(e) => setAction(e.target.value)}
          placeholder="Any action"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={urlError.action ? "f-action-error" : "f-action-hint"}
        />
        <datalist id="f-action-list">
          {groups.map((g) => [
            <option key={g.prefix} value={g.prefix}>
              all {g.area} actions
            </option>,
            ...g.actions.map((a) => <option key={a} value={a} />),
          ])}
        </datalist>
      </Field>
      <Field id="f-outcome" label="Outcome" error={urlError.errorCode ?? urlError.outcome}>
        <Select id="f-outcome" name="outcome" defaultValue={outcomeValue(state)}>
          <option value="">Any</option>
          <option value="intent">intent (before the act)</option>
          <option value="ok">ok</option>
          <option value="error">error (any code)</option>
          <optgroup label="error with the code">
            {codes.map((code) => (
              <option key={code} value={`${CODE_PREFIX}${code}`}>
                {code}
              </option>
            ))}
          </optgroup>
        </Select>
      </Field>
      <Field id="f-case" label="Case" error={timeErrors.case ?? urlError.case}>
        <Input
          id="f-case"
          name="case"
          defaultValue={state.case ?? ""}
          placeholder="ABC-123 or a ticket link"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={Boolean(timeErrors.case ?? urlError.case)}
          aria-describedby={(timeErrors.case ?? urlError.case) ? "f-case-error" : undefined}
        />
      </Field>
      <Field id="f-from" label="From (UTC)" error={timeErrors.from ?? urlError.from} hint="24-hour, to the minute">
        <Input
          id="f-from"
          name="from"
          defaultValue={state.from ? formatUtcMinute(state.from) : ""}
          placeholder={UTC_MINUTE_PLACEHOLDER}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={Boolean(timeErrors.from ?? urlError.from)}
          aria-describedby={(timeErrors.from ?? urlError.from) ? "f-from-error" : undefined}
        />
      </Field>
      <Field id="f-to" label="To (UTC)" error={timeErrors.to ?? urlError.to} hint="Includes the whole minute">
        <Input
          id="f-to"
          name="to"
          defaultValue={state.to ? formatUtcMinute(state.to) : ""}
          placeholder={UTC_MINUTE_PLACEHOLDER}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={Boolean(timeErrors.to ?? urlError.to)}
          aria-describedby={(timeErrors.to ?? urlError.to) ? "f-to-error" : undefined}
        />
      </Field>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1 lg:pt-5">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        {hasFilters ? (
          <Button
            onClick={() => {
              setTimeErrors({});
              onClear();
            }}
          >
            <X className="size-3.5" aria-hidden /> Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Says, while the user types, what the action filter will match: a full name only that action, a
 * start of a name every action beginning with it (lib/audit/index.ts, actionMatch).
 */
function ActionHint({ value, known }: { value: string; known: readonly string[] }) {
  const typed = value.trim();
  let text: string;
  if (!typed) text = "A full name matches that action; a start (auth., alerts.rep) every action that begins with it.";
  else {
    const matched = known.filter((a) => actionMatches(typed, a));
    const match = actionMatch(typed);
    const longer = match.kind === "exact" ? known.filter((a) => a !== typed && a.startsWith(typed)).length : 0;
    text =
      matched.length === 0
        ? "Matches no known action."
        : match.kind === "exact"
          ? `Only ${typed}${longer > 0 ? `; ${typed}* also matches ${longer === 1 ? "the one action that begins" : `the ${longer} actions that begin`} with it` : ""}.`
          : `Matches ${matched.length === 1 ? matched[0] : `${matched.length} actions: ${matched.slice(0, 3).join(", ")}${matched.length > 3 ? ", …" : ""}`}.`;
  }
  return (
    <span id="f-action-hint" aria-live="polite">
      {text}
    </span>
  );
}
