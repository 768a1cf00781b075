"use client";
import { AlertDialog as A } from "radix-ui";
import { useState, type ReactNode } from "react";
import { Button } from "./button";
import { Field } from "./field";

export interface ConfirmNote {
  label: string;
  /** A note of at least this many characters is required before confirming. */
  minLength: number;
  placeholder?: string;
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  note?: ConfirmNote;
  pending?: boolean;
  /** A refusal of the act, shown in the dialog (field message for the note when it names the note). */
  error?: string;
  onConfirm: (note: string) => void;
}

/**
 * A confirmation for an act that cannot be undone (Radix AlertDialog: Escape and Cancel decline,
 * nothing happens by clicking outside). Use `ConfirmDialog` (./confirm-dialog), which loads this
 * when first opened.
 */
export function RadixConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  tone = "danger",
  note,
  pending = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  const [text, setText] = useState("");
  const short = note ? text.trim().length < note.minLength : false;
  return (
    <A.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setText("");
        onOpenChange(next);
      }}
    >
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <A.Content className="fixed top-1/2 left-1/2 z-50 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-surface p-5 shadow-xl">
          <A.Title className="text-base font-semibold">{title}</A.Title>
          <A.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-muted">{children}</div>
          </A.Description>
          <form
            className="mt-4 space-y-3"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!short) onConfirm(text.trim());
            }}
          >
            {note ? (
              <Field
                id="confirm-note"
                label={note.label}
                hint={`At least ${note.minLength} characters; it goes into the audit log.`}
                error={error}
              >
                <textarea
                  id="confirm-note"
                  rows={2}
                  value={text}
                  placeholder={note.placeholder}
                  onChange={(e) => setText(e.target.value)}
                  className="w-full rounded border border-border bg-surface px-2.5 py-1.5 text-sm"
                  aria-invalid={Boolean(error)}
                />
              </Field>
            ) : error ? (
              <p role="alert" className="rounded bg-danger-soft px-3 py-2 text-sm text-danger">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <A.Cancel asChild>
                <Button>Cancel</Button>
              </A.Cancel>
              <Button type="submit" variant={tone} disabled={pending || short}>
                {pending ? "Working…" : confirmLabel}
              </Button>
            </div>
          </form>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
