"use client";
import { useState } from "react";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { createClient } from "@/server/actions/clients";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SecretOnce } from "@/components/ui/secret-once";
import { queryKeys } from "@/lib/query-keys";
import { describeError } from "@/lib/result";

type Created = { id: string; clientApiKey: string; clientSessionToken: string; isAccountAbstracted: boolean };

export function CreateClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [aa, setAa] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<Created>();

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      // The credentials are forgotten when the dialog closes: they are shown once.
      setCreated(undefined);
      setError(undefined);
      setAa(false);
    }
  }

  async function submit() {
    setPending(true);
    setError(undefined);
    const result = await createClient({ isAccountAbstracted: aa }).catch(() => null);
    setPending(false);
    if (!result) return setError("The request could not be sent. Check your connection and try again.");
    if (!result.ok) return setError(describeError(result.error));
    setCreated(result.data);
    void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Create a client"
      description="Registers a new end user with the upstream and issues its first credentials."
    >
      {created ? (
        <div className="space-y-3">
          <p className="text-sm" role="status">
            Created client{" "}
            <Link className="font-mono text-accent hover:underline" href={`/clients/${created.id}`}>
              {created.id}
            </Link>
            {created.isAccountAbstracted ? " with account abstraction." : "."}
          </p>
          <SecretOnce label="Client API key" value={created.clientApiKey} />
          <SecretOnce label="Client session token" value={created.clientSessionToken} />
          <p className="text-xs text-muted">
            The console does not keep these. The audit log records that they were issued, never their values.
          </p>
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => close(false)}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4" checked={aa} onChange={(e) => setAa(e.target.checked)} />
            <span>
              <span className="font-medium">Account abstraction (ERC-4337)</span>
              <span className="block text-muted">
                The client&apos;s EVM address is a smart account; gas can be sponsored.
              </span>
            </span>
          </label>
          {error ? (
            <p role="alert" className="rounded bg-danger-soft px-3 py-2 text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button onClick={() => close(false)}>Cancel</Button>
            <Button variant="primary" disabled={pending} onClick={() => void submit()}>
              {pending ? "Creating…" : "Create client"}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
