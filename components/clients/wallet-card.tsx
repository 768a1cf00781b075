"use client";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import type { ClientView } from "@/lib/clients/client-view";
import type { Wallet } from "@/lib/contracts";
import type { WalletEjection } from "@/lib/ejects/wallet-ejection";
import { shortAddress, utc } from "@/lib/shared/format";
import { PublicKey } from "./public-key";

/** `ejection`: set once the wallet is ejected; its upstream eject window and completed backup are then history. */
export function WalletCard({
  wallet,
  client,
  ejection,
}: {
  wallet: Wallet;
  client: ClientView;
  ejection?: WalletEjection;
}) {
  const addresses = client.derived.addresses.filter((a) => a.curve === wallet.curve);
  // On a phone the card shows its first address and folds the rest (other addresses, id, key, shares) behind
  // a toggle, so the client's tools below are within the first screen; from sm up all is shown, no toggle.
  const [unfolded, setUnfolded] = useState(false);
  const foldId = useId();
  const folded = unfolded ? "" : "max-sm:hidden";
  const primary = addresses[0];
  return (
    <article
      className="min-w-0 rounded border border-border bg-surface p-3 text-sm sm:p-4"
      aria-label={`${wallet.curve} wallet`}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{wallet.curve}</h3>
        {ejection ? (
          <Badge tone="danger">Ejected</Badge>
        ) : wallet.ejectableUntil ? (
          <span className="text-xs text-muted">Ejectable until {utc(wallet.ejectableUntil)}</span>
        ) : null}
      </div>
      {ejection ? (
        <p className="mb-2 text-xs" data-testid="wallet-ejected">
          Ejected {utc(ejection.at)}
          {ejection.source === "console"
            ? `${ejection.by ? ` by ${ejection.by}` : ""}: its backup shares were downloaded through the console, so its key is no longer protected by MPC. There is nothing left to eject.`
            : ": the wallet service records the client as ejected (it does not say by whom). There is nothing left to eject."}
        </p>
      ) : null}
      {primary ? (
        <p className="flex min-w-0 items-center gap-1 sm:hidden">
          <span className="text-xs text-muted">{primary.label}</span>
          <span className="font-mono text-xs">{shortAddress(primary.address, 8, 6)}</span>
          <CopyButton value={primary.address} label={`${primary.label} address`} />
        </p>
      ) : null}
      <button
        type="button"
        className="mt-1 text-xs text-accent underline underline-offset-2 sm:hidden"
        aria-expanded={unfolded}
        aria-controls={foldId}
        onClick={() => setUnfolded((v) => !v)}
      >
        {unfolded
          ? "Fewer details"
          : `All ${addresses.length === 1 ? "its address" : `${addresses.length} addresses`}, its key and shares`}
      </button>
      {/* One column on a phone (label above value), two from sm up; long values break, never overflow. */}
      <dl
        id={foldId}
        className={`grid grid-cols-1 gap-x-3 gap-y-0.5 max-sm:mt-2 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-y-1.5 ${folded}`}
      >
        {addresses.map((a) => (
          <div key={a.label} className="contents">
            <dt className="text-muted">{a.label}</dt>
            <dd
              className={`flex min-w-0 items-start gap-1 ${a.role ? "" : "mb-1.5 sm:mb-0"}`}
              data-testid={a.role ? `address-${a.role}` : undefined}
            >
              <span className="min-w-0 font-mono text-xs break-all">{a.address}</span>
              <CopyButton value={a.address} label={`${a.label} address`} />
            </dd>
            {/* A second description of the same term: the address stays alone in its own. */}
            {a.role ? (
              <dd className="mb-1.5 text-xs text-muted sm:col-start-2 sm:mb-0" data-testid={`address-${a.role}-note`}>
                {a.role === "smart-account" ? (
                  <>
                    <Badge tone="accent" className="mr-1">
                      ERC-4337
                    </Badge>
                    Holds the client&apos;s EVM funds; its transfers are user operations sent from this account.
                  </>
                ) : (
                  <>Signs for the smart account. {a.note}</>
                )}
              </dd>
            ) : null}
          </div>
        ))}
        <dt className="text-muted">Wallet id</dt>
        <dd className="mb-1.5 flex min-w-0 items-start gap-1 font-mono text-xs break-all sm:mb-0">
          {wallet.id}
          <CopyButton value={wallet.id} label="wallet id" />
        </dd>
        <dt className="text-muted">Public key</dt>
        <dd className="mb-1.5 min-w-0 sm:mb-0">
          <PublicKey displayed={client.derived.publicKeys[wallet.id]} raw={wallet.publicKey} />
        </dd>
        <dt className="text-muted">Backup shares</dt>
        <dd className="mb-1.5 sm:mb-0">
          {wallet.backupSharePairs.length === 0 ? (
            <span className="text-muted">None</span>
          ) : (
            wallet.backupSharePairs.map((p) => (
              <div key={p.id} className="flex flex-wrap items-center gap-1.5">
                {ejection && p.status === "completed" ? (
                  <Badge>handed out</Badge>
                ) : (
                  <Badge tone={p.status === "completed" ? "success" : "warning"}>{p.status}</Badge>
                )}
                <span>{p.backupMethod}</span>
                <span className="text-xs text-muted">{utc(p.createdAt)}</span>
              </div>
            ))
          )}
        </dd>
        <dt className="text-muted">Signing shares</dt>
        <dd>
          {wallet.signingSharePairs.length === 0 ? (
            <span className="text-muted">None</span>
          ) : (
            wallet.signingSharePairs.map((p) => (
              <div key={p.id} className="flex flex-wrap items-center gap-1.5">
                <Badge tone={p.status === "completed" ? "success" : "warning"}>{p.status}</Badge>
                <span className="text-xs text-muted">{utc(p.createdAt)}</span>
              </div>
            ))
          )}
        </dd>
      </dl>
    </article>
  );
}
