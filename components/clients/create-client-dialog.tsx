"use client";
import Link from "next/link";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { SecretOnce } from "@/components/ui/secret-once";
import type { TestClient } from "@/lib/lab/test-clients";
import { queryKeys } from "@/lib/shared/query-keys";
import { createClient } from "@/server/actions/clients";
import { createTestClient } from "@/server/actions/lab";

type Created = { id: string; clientApiKey: string; clientSessionToken: string; isAccountAbstracted: boolean };

export function CreateClientDialog({
  open,
  onOpenChange,
  canCreateTest,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether the user may create test clients (kept in the vault for the wallet lab and yield runs). */
  canCreateTest: boolean;
}) {
  const [aa, setAa] = useState(false);
  const [test, setTest] = useState(false);
  const [created, setCreated] = useState<Created>();
  const [createdTest, setCreatedTest] = useState<TestClient>();
  const create = useAction(createClient, {
    errors: "inline",
    secret: true,
    invalidate: [queryKeys.clients.all],
    onSuccess: setCreated,
  });
  const createTest = useAction(createTestClient, {
    errors: "inline",
    invalidate: [queryKeys.clients.all, queryKeys.testClients.all],
    onSuccess: setCreatedTest,
  });
  const pending = create.pending || createTest.pending;

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      // The credentials are forgotten when the dialog closes: they are shown once.
      setCreated(undefined);
      setCreatedTest(undefined);
      setAa(false);
      setTest(false);
      create.reset();
      createTest.reset();
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Create a client"
      description="Registers a new end user with the upstream and issues its first credentials."
    >
      {createdTest ? (
        <div className="space-y-3">
          <p className="text-sm" role="status">
            Created test client{" "}
            <Link className="font-mono text-accent hover:underline" href={`/clients/${createdTest.clientId}`}>
              {createdTest.clientId}
            </Link>
            {createdTest.isAccountAbstracted ? " with account abstraction." : "."}
          </p>
          <p className="text-xs text-muted">
            Its client API key is kept in the console&apos;s vault, encrypted, and is never shown. Generate its wallet
            in the{" "}
            <Link className="text-accent hover:underline" href={`/clients/${createdTest.clientId}?tab=lab`}>
              wallet lab
            </Link>
            .
          </p>
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => close(false)}>
              Done
            </Button>
          </div>
        </div>
      ) : created ? (
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
          {canCreateTest ? (
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={test}
                onChange={(e) => setTest(e.target.checked)}
              />
              <span>
                <span className="font-medium">Test client</span>
                <span className="block text-muted">
                  The console keeps its API key and wallet shares in its vault, so developers can use the wallet lab and
                  run yield flows for it. The key is not shown.
                </span>
              </span>
            </label>
          ) : null}
          <FormError message={test ? createTest.formError : create.formError} />
          <div className="flex justify-end gap-2">
            <Button onClick={() => close(false)}>Cancel</Button>
            <Button
              variant="primary"
              disabled={pending}
              onClick={() =>
                test ? createTest.run({ isAccountAbstracted: aa }) : create.run({ isAccountAbstracted: aa })
              }
            >
              {pending ? "Creating…" : test ? "Create test client" : "Create client"}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
