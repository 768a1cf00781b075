"use client";
import { Sprout } from "lucide-react";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { faucetGiftWords } from "@/lib/chains/faucet";
import type { SetUpTestClientResult } from "@/lib/lab/test-clients";
import { queryKeys } from "@/lib/shared/query-keys";
import { setUpYieldTestClient } from "@/server/actions/lab";

/**
 * A developer's way to a first yield run in one step: the console creates a test client, generates
 * its wallets and (in the sandbox) the faucet funds them; the new client is then picked. Shown large
 * when the console has no test client yet, small otherwise.
 */
export function SetUpTestClient({
  empty,
  sandbox,
  onReady,
}: {
  empty: boolean;
  sandbox: boolean;
  onReady: (clientId: string) => void;
}) {
  const [ready, setReady] = useState<SetUpTestClientResult>();
  const setUp = useAction(setUpYieldTestClient, {
    errors: "inline",
    invalidate: [queryKeys.testClients.list()],
    onSuccess: (r) => {
      setReady(r);
      onReady(r.clientId);
    },
  });
  const buttons = (
    <div className="flex flex-wrap gap-2">
      <Button
        variant={empty ? "primary" : "secondary"}
        disabled={setUp.pending}
        onClick={() => setUp.run({ isAccountAbstracted: false })}
      >
        {setUp.pending ? "Setting up…" : "Set up a test client"}
      </Button>
      <Button disabled={setUp.pending} onClick={() => setUp.run({ isAccountAbstracted: true })}>
        Set up an account-abstracted one
      </Button>
    </div>
  );
  const outcome = (
    <>
      {setUp.formError ? (
        <p role="alert" className="text-sm text-danger">
          {setUp.formError}
        </p>
      ) : null}
      {ready ? (
        <p role="status" className="text-sm" data-testid="set-up-outcome">
          Test client <span className="font-mono text-xs">{ready.clientId}</span> is ready: its wallets are generated
          (the signing shares are in the vault)
          {ready.funded
            ? ` and the sandbox's faucet funded them ${faucetGiftWords()}. Pick an opportunity below.`
            : `. Send testnet funds to ${ready.evmAddress ?? "its EVM address"} before entering a yield: the real service has no faucet.`}
        </p>
      ) : null}
    </>
  );
  if (!empty)
    return (
      <section aria-label="Set up a test client" className="space-y-2">
        {buttons}
        {outcome}
      </section>
    );
  return (
    <section
      aria-label="Set up a test client"
      className="space-y-3 rounded-lg border border-dashed border-border bg-surface p-6 text-sm"
    >
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <Sprout className="size-5 text-accent" aria-hidden /> No test client yet
      </h2>
      <p className="max-w-prose text-muted">
        The console signs yield transactions for its own test clients. One step sets one up: it creates a client,
        generates its wallets (the signing shares stay in the console&apos;s vault)
        {sandbox
          ? ` and the sandbox's faucet funds them ${faucetGiftWords()}.`
          : ". The real service has no faucet: send the new address testnet funds before entering a yield."}{" "}
        An account-abstracted client acts through its smart account, with gas paid by the sponsor.
      </p>
      {buttons}
      {outcome}
    </section>
  );
}
