"use client";
import { useState } from "react";
import { faucetGiftWords } from "@/lib/chains/faucet";
import type { Client } from "@/lib/contracts";
import { RawSignCard } from "./raw-sign-card";
import { SendCard } from "./send-card";
import { SignMessageCard } from "./sign-message-card";
import { WalletPanel, type LabShares } from "./wallet-panel";

/**
 * The wallet lab of a test client: the console acts as the client through the MPC service with the
 * key and shares it keeps in its vault. Every act is a server action, audited; results carry no secret.
 */
export function LabTab({ client, initialShares }: { client: Client; initialShares: LabShares }) {
  const [shares, setShares] = useState(initialShares);
  return (
    <section aria-label="Wallet lab" className="min-w-0 space-y-4">
      <p className="text-sm text-muted">
        Acting as this test client with its client API key and shares from the console&apos;s vault. Every act is
        recorded in the audit log; no share or key reaches this page.
      </p>
      <WalletPanel clientId={client.id} shares={shares} onShares={setShares} />
      {shares.signing ? (
        <>
          <div className="grid min-w-0 gap-4 xl:grid-cols-2">
            <SignMessageCard clientId={client.id} />
            <RawSignCard clientId={client.id} />
          </div>
          <SendCard clientId={client.id} accountAbstracted={client.isAccountAbstracted} />
        </>
      ) : (
        <p className="rounded border border-dashed border-border bg-surface p-4 text-sm text-muted">
          Signing and sending open once the wallets are generated: use Generate wallets above (on the sandbox, the
          faucet then funds them {faucetGiftWords()}).
        </p>
      )}
    </section>
  );
}
