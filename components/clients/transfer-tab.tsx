"use client";
import { useState } from "react";
import type { ClientView } from "@/lib/clients/client-view";
import type { UpstreamMode } from "@/lib/clients/transfer-chains";
import { BuiltTransfer, type Built } from "./transfer/built-transfer";
import { TransferForm } from "./transfer/transfer-form";

export function TransferTab({ client, upstreamMode }: { client: ClientView; upstreamMode: UpstreamMode }) {
  const [built, setBuilt] = useState<Built>();
  return (
    <section aria-label="Build transfer" className="grid min-w-0 gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
      <TransferForm
        client={client}
        upstreamMode={upstreamMode}
        onBuilt={setBuilt}
        onChainChange={() => setBuilt(undefined)}
      />
      <div className="min-w-0">
        {built ? (
          <BuiltTransfer built={built} client={client} />
        ) : (
          <p className="rounded border border-dashed border-border p-6 text-sm text-muted">
            The unsigned transaction appears here.
          </p>
        )}
      </div>
    </section>
  );
}
