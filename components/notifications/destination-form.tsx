"use client";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { DestinationOffRecord } from "@/components/notifications/destination-off-record";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import type { NotificationsView } from "@/lib/notifications";
import type { NotifyFormat } from "@/lib/notifications/destination";
import { queryKeys } from "@/lib/shared/query-keys";
import { saveNotifyDestination } from "@/server/actions/notifications";

const FORMAT_LABELS: Record<NotifyFormat, string> = {
  plain: "Plain JSON, signed (HMAC-SHA-256)",
  slack: "Slack-compatible ({ text })",
};

/** Where notifications go and in which format. The URL is never shown back whole: its query may hold a token. */
export function DestinationForm({
  destination,
  onSecret,
}: {
  destination: NotificationsView["destination"];
  onSecret: (secret: string) => void;
}) {
  const [format, setFormat] = useState<NotifyFormat>(destination.format);
  const save = useAction(saveNotifyDestination, {
    errors: "inline",
    fields: ["url", "format"],
    secret: true,
    successMessage: "Notification destination saved",
    invalidate: [queryKeys.notifications.all],
    onSuccess: (r) => r.signingSecret && onSecret(r.signingSecret),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.run({ url: form.get("url"), format: form.get("format") });
  }

  const source =
    destination.source === "admin"
      ? `Set by ${destination.updatedByEmail ?? "an admin"}`
      : destination.source === "environment"
        ? "From CONSOLE_NOTIFY_URL"
        : "Not set: notifications are off";
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate aria-label="Notification destination">
      <DestinationOffRecord destination={destination} />
      <p className="text-sm">
        <span className="text-muted">Destination: </span>
        <span className="font-mono break-all" data-testid="notify-destination">
          {destination.shown ?? "none"}
        </span>{" "}
        <span className="text-xs text-muted">({source})</span>
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <Field
          id="notify-url"
          label="Webhook URL"
          error={save.fieldErrors.url}
          hint="https (http only to localhost). Leave empty to clear it."
        >
          <Input
            id="notify-url"
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://hooks.example.com/console"
            aria-invalid={Boolean(save.fieldErrors.url)}
          />
        </Field>
        <Field id="notify-format" label="Format" error={save.fieldErrors.format}>
          <Select
            id="notify-format"
            name="format"
            value={format}
            onChange={(e) => setFormat(e.target.value as NotifyFormat)}
          >
            {(Object.keys(FORMAT_LABELS) as NotifyFormat[]).map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <FormError message={save.formError} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {format === "plain" && !destination.hasSecret ? (
          <span className="text-xs text-muted">A signing secret is made when you save, and shown once.</span>
        ) : null}
        <Button type="submit" variant="primary" disabled={save.pending}>
          {save.pending ? "Saving…" : "Save destination"}
        </Button>
      </div>
    </form>
  );
}
