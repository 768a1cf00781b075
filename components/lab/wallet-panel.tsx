"use client";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import type { LabWalletState, RecoverResult } from "@/lib/lab/results";
import { queryKeys } from "@/lib/shared/query-keys";
import { backupLabWallet, generateLabWallet, recoverLabWallet } from "@/server/actions/lab";
import { CheckList, LabCard, ValueList, Verdict } from "./parts";

export interface LabShares {
  /** The vault holds signing shares (generate or recover). */
  signing: boolean;
  /** The vault holds a backup (backup). */
  backup: boolean;
}

type Last =
  | { kind: "generate"; state: LabWalletState }
  | { kind: "backup"; state: LabWalletState }
  | { kind: "recover"; state: RecoverResult };

/** Generate, back up, recover: the shares go to the console's vault, never to this page. */
export function WalletPanel({
  clientId,
  shares,
  onShares,
}: {
  clientId: string;
  shares: LabShares;
  onShares: (next: LabShares) => void;
}) {
  const [last, setLast] = useState<Last>();
  const invalidate = [queryKeys.clients.detail(clientId)];
  const generate = useAction(generateLabWallet, {
    errors: "inline",
    invalidate,
    onSuccess: (state) => {
      setLast({ kind: "generate", state });
      onShares({ ...shares, signing: true });
    },
  });
  const backup = useAction(backupLabWallet, {
    errors: "inline",
    // The record lists the new backup share pair on each wallet.
    invalidate,
    onSuccess: (state) => {
      setLast({ kind: "backup", state });
      onShares({ ...shares, backup: true });
    },
  });
  const recover = useAction(recoverLabWallet, {
    errors: "inline",
    invalidate,
    onSuccess: (state) => setLast({ kind: "recover", state }),
  });
  const pending = generate.pending || backup.pending || recover.pending;
  const error = generate.formError ?? backup.formError ?? recover.formError;
  const run = (which: { run: (input: { clientId: string }) => void }) => {
    for (const a of [generate, backup, recover]) a.reset();
    setLast(undefined);
    which.run({ clientId });
  };

  return (
    <LabCard
      id="lab-wallet"
      title="Wallet"
      description="Generate the client's wallets (SECP256K1 and ED25519), back them up, and recover new signing shares from the backup. Shares go straight into the console's vault, encrypted; this page never receives one."
    >
      <dl className="mb-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex items-center gap-2">
          <dt className="text-muted">Signing shares</dt>
          <dd>{shares.signing ? <Badge tone="success">In the vault</Badge> : <Badge>None yet</Badge>}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-muted">Backup shares</dt>
          <dd>{shares.backup ? <Badge tone="success">In the vault</Badge> : <Badge>None yet</Badge>}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={pending || shares.signing} onClick={() => run(generate)}>
          {generate.pending ? "Generating…" : "Generate wallets"}
        </Button>
        <Button disabled={pending || !shares.signing} onClick={() => run(backup)}>
          {backup.pending ? "Backing up…" : "Back up"}
        </Button>
        <Button disabled={pending || !shares.backup} onClick={() => run(recover)}>
          {recover.pending ? "Recovering…" : "Recover from backup"}
        </Button>
      </div>
      {shares.signing && !last ? (
        <p className="mt-2 text-xs text-muted">
          The wallets exist: new signing shares come from a recovery, which keeps the same keys and addresses.
        </p>
      ) : null}
      <div className="mt-3">
        <FormError message={error} />
      </div>
      <div aria-live="polite">{last ? <LastResult last={last} /> : null}</div>
    </LabCard>
  );
}

function LastResult({ last }: { last: Last }) {
  const { state } = last;
  const ids = Object.entries(state.sharePairIds).map(([curve, id]) => ({
    label: `${curve} pair id`,
    value: id,
    copy: id,
  }));
  if (last.kind === "backup")
    return (
      <div className="space-y-2" role="status">
        <p className="text-sm font-medium">Backed up: the backup shares are in the vault.</p>
        <ValueList label="Backup share pairs" rows={ids} />
      </div>
    );
  const wallets = (
    <ValueList
      label="Wallets and addresses"
      rows={[
        ...state.wallets.map((w) => ({ label: `${w.curve} public key`, value: w.publicKey, copy: w.publicKey })),
        ...state.addresses.map((a) => ({
          label: a.label,
          value: a.address,
          copy: a.address,
          testId: `lab-address-${a.namespace}${a.role ? `-${a.role}` : ""}${a.network ? `-${a.network}` : ""}`,
        })),
        ...ids,
      ]}
    />
  );
  if (last.kind === "generate")
    return (
      <div className="space-y-2" role="status">
        <p className="text-sm font-medium">Generated: the signing shares are in the vault.</p>
        {wallets}
      </div>
    );
  const r = last.state;
  return (
    <div className="space-y-3" role="status">
      <p className="text-sm font-medium">Recovered: new signing shares replace the old ones in the vault.</p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>Wallets and addresses in the record after recovery:</span>
        <Verdict ok={r.sameWallets} yes="Unchanged" no="Changed" />
      </div>
      {r.proofError ? (
        <p className="rounded bg-warning-soft px-3 py-2 text-sm text-warning" role="alert">
          The proof could not be run: {r.proofError}
        </p>
      ) : (
        <>
          <p className="text-sm">The recovered shares sign for the same addresses:</p>
          <CheckList checks={r.checks} label="Recovery checks" />
        </>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-muted">Wallets after recovery</summary>
        <div className="mt-2">{wallets}</div>
      </details>
    </div>
  );
}
