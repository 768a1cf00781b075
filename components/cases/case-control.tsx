"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { checkCaseRef } from "@/lib/cases/case-ref";
import { setWorkingCase, useWorkingCase } from "./working-case";

/**
 * The header's case: which ticket this tab's acts are done for. Every act from then on is recorded
 * under it (the audit log filters by it; the case bundle gathers it), until it is cleared.
 */
export function CaseControl({ allowedHosts }: { allowedHosts: readonly string[] }) {
  const current = useWorkingCase();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const openDialog = () => {
    setText(current ?? "");
    setError(undefined);
    setOpen(true);
  };
  const save = () => {
    const check = checkCaseRef(text, allowedHosts);
    if (!check.ok) return setError(check.message);
    setWorkingCase(check.value);
    setOpen(false);
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={openDialog}
        data-testid="case-control"
        title={current ? `Acts are recorded under case ${current}` : "Set the case you are working on"}
      >
        <span className="icon-folder-open inline-block size-4 shrink-0" aria-hidden />
        {/* The name says what the icon means; the visible part is what a glance needs. */}
        <span className="sr-only">{current ? "Working on case " : "Set a case: "}</span>
        <span className={current ? "max-w-[9rem] truncate" : "sr-only md:not-sr-only"}>
          {current ? shortCase(current) : "No case"}
        </span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Case you are working on"
        description="Every act in this tab is recorded under it until you clear it. The audit log filters by case, and a case's records can be downloaded as one signed bundle."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Field
            id="case-ref"
            label="Ticket id or link"
            error={error}
            hint={
              allowedHosts.length > 0
                ? `For example ABC-123, INC0012345 or a link on ${allowedHosts.join(", ")}.`
                : "For example ABC-123 or INC0012345."
            }
          >
            <Input
              id="case-ref"
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "case-ref-error" : undefined}
              autoComplete="off"
              maxLength={300}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            {current ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setWorkingCase(undefined);
                  setOpen(false);
                }}
              >
                Clear case
              </Button>
            ) : null}
            <Button type="submit" variant="primary">
              Work on this case
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** A link shows as its last path segment (the ticket's own id, usually); an id as itself. */
function shortCase(ref: string): string {
  if (!ref.startsWith("https://")) return ref;
  const url = new URL(ref);
  return url.pathname.split("/").filter(Boolean).at(-1) ?? url.hostname;
}
