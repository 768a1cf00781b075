"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { parseAsString, useQueryState } from "nuqs";
import { ArrowLeft } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import { Tabs } from "@/components/ui/tabs";
import type { Client, Wallet } from "@/lib/contracts";
import { utc } from "@/lib/format";
import type { Permission } from "@/lib/permissions";
import { fetchJson } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { EjectBadge } from "./clients-view";
import { AssetsTab } from "./assets-tab";
import { TransferTab } from "./transfer-tab";
import { CredentialsTab } from "./credentials-tab";
import { EjectTab } from "./eject-tab";

export function ClientDetail({
  clientId,
  permissions,
  currentUserEmail,
}: {
  clientId: string;
  permissions: Permission[];
  currentUserEmail: string;
}) {
  const client = useQuery({
    queryKey: queryKeys.clients.detail(clientId),
    queryFn: () => fetchJson<Client>(`/api/clients/${encodeURIComponent(clientId)}`),
  });
  const [tab, setTab] = useQueryState("tab", parseAsString.withDefault("assets"));
  const has = (p: Permission) => permissions.includes(p);

  if (client.isPending) return <TableSkeleton rows={6} />;
  if (client.isError) return <ErrorState message={client.error.message} onRetry={() => void client.refetch()} />;
  const c = client.data;

  const tabs = [
    has("assets:read") && { value: "assets", label: "Assets", content: <AssetsTab client={c} /> },
    has("transfers:build") && { value: "transfer", label: "Build transfer", content: <TransferTab client={c} /> },
    has("credentials:issue") && {
      value: "credentials",
      label: "Credentials",
      content: <CredentialsTab clientId={c.id} />,
    },
    (has("eject:request") || has("eject:approve") || has("eject:fetch-shares") || has("clients:read")) && {
      value: "eject",
      label: "Eject",
      content: <EjectTab client={c} permissions={permissions} currentUserEmail={currentUserEmail} />,
    },
  ].filter((t): t is { value: string; label: string; content: React.JSX.Element } => Boolean(t));
  const selected = tabs.some((t) => t.value === tab) ? tab : (tabs[0]?.value ?? "eject");

  return (
    <div className="space-y-6">
      <div>
        <Link href="/clients" className="mb-2 inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
          <ArrowLeft className="size-3.5" aria-hidden /> Clients
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="font-mono text-lg font-semibold" data-testid="client-id">
            {c.id}
          </h1>
          <CopyButton value={c.id} label="client id" />
          {c.isAccountAbstracted ? <Badge tone="accent">Account abstraction</Badge> : <Badge>EOA</Badge>}
          {c.ejectedAt || c.wallets.some((w) => w.ejectableUntil) ? <EjectBadge client={c} /> : null}
        </div>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div>
            <dt className="inline text-muted">Created </dt>
            <dd className="inline tabular">{utc(c.createdAt)}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Environment </dt>
            <dd className="inline">{c.environment.name}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Custodian </dt>
            <dd className="inline">{c.custodian.name}</dd>
          </div>
        </dl>
      </div>

      <section aria-labelledby="wallets-heading">
        <h2 id="wallets-heading" className="mb-2 text-sm font-semibold">
          Wallets
        </h2>
        {c.wallets.length === 0 ? (
          <p className="rounded border border-dashed border-border bg-surface p-4 text-sm text-muted">
            No wallets yet: the client has not generated its MPC shares.
          </p>
        ) : (
          <div className="grid gap-3 lg:grid-cols-2">
            {c.wallets.map((w) => (
              <WalletCard key={w.id} wallet={w} client={c} />
            ))}
          </div>
        )}
      </section>

      <Tabs label="Client tools" value={selected} onValueChange={(v) => void setTab(v)} tabs={tabs} />
    </div>
  );
}

const NAMESPACES_BY_CURVE: Record<string, string[]> = {
  SECP256K1: ["eip155", "bip122", "tron"],
  ED25519: ["solana", "stellar"],
};

function WalletCard({ wallet, client }: { wallet: Wallet; client: Client }) {
  const ns = client.metadata.namespaces as Record<
    string,
    { address?: string; bitcoin?: { p2wpkh?: { mainnet?: string; testnet?: string } } } | undefined
  >;
  const addresses = (NAMESPACES_BY_CURVE[wallet.curve] ?? []).flatMap((name) => {
    const entry = ns[name];
    if (!entry) return [];
    if (name === "bip122")
      return [
        ["Bitcoin (mainnet)", entry.bitcoin?.p2wpkh?.mainnet],
        ["Bitcoin (testnet)", entry.bitcoin?.p2wpkh?.testnet],
      ] as const;
    return [
      [{ eip155: "EVM", tron: "Tron", solana: "Solana", stellar: "Stellar" }[name] ?? name, entry.address] as const,
    ];
  });
  return (
    <article className="rounded border border-border bg-surface p-4 text-sm" aria-label={`${wallet.curve} wallet`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="font-medium">{wallet.curve}</h3>
        {wallet.ejectableUntil ? (
          <span className="text-xs text-muted">Ejectable until {utc(wallet.ejectableUntil)}</span>
        ) : null}
      </div>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1.5">
        <dt className="text-muted">Wallet id</dt>
        <dd className="flex items-center gap-1 font-mono text-xs break-all">
          {wallet.id}
          <CopyButton value={wallet.id} label="wallet id" />
        </dd>
        <dt className="text-muted">Public key</dt>
        <dd className="truncate font-mono text-xs" title={wallet.publicKey}>
          {wallet.publicKey}
        </dd>
        {addresses.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="flex items-center gap-1 font-mono text-xs break-all">
              {value ?? "—"}
              {value ? <CopyButton value={value} label={`${label} address`} /> : null}
            </dd>
          </div>
        ))}
        <dt className="text-muted">Backup shares</dt>
        <dd>
          {wallet.backupSharePairs.length === 0 ? (
            <span className="text-muted">None</span>
          ) : (
            wallet.backupSharePairs.map((p) => (
              <div key={p.id} className="flex flex-wrap items-center gap-1.5">
                <Badge tone={p.status === "completed" ? "success" : "warning"}>{p.status}</Badge>
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
              <div key={p.id} className="flex items-center gap-1.5">
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
