/**
 * Which chains the Build transfer tab offers: those of the build-transaction table that the upstream
 * in use can build for and the client has a wallet on. Everything else is left out of the picker and
 * named, with the reason, under it (a chain that is offered and then refused wastes a person's time).
 */
import { CHAIN_FAMILIES, chainFamily, chainIdsOf, chainLabel, type Caip2Id, type ChainFamily } from "@/lib/chains";
import type { Client } from "@/lib/contracts";

export type UpstreamMode = "sandbox" | "real";

const FAMILY_NAMES: Record<ChainFamily, string> = {
  eip155: "EVM",
  solana: "Solana",
  bip122: "Bitcoin",
  tron: "Tron",
  stellar: "Stellar",
};

/**
 * Families the upstream refuses to build. The embedded sandbox answers Tron and Stellar with 400
 * (their transaction shapes are not documented: sandbox/README.md, build-transaction choice 21); the
 * real API lists them, so nothing is withheld there.
 */
const UNBUILDABLE: Record<UpstreamMode, readonly ChainFamily[]> = {
  sandbox: ["tron", "stellar"],
  real: [],
};

export interface ChainsNotOffered {
  family: ChainFamily;
  chains: Caip2Id[];
  reason: string;
}

export interface TransferChains {
  offered: Caip2Id[];
  notOffered: ChainsNotOffered[];
}

/** Why the upstream in use cannot build on `chainId`, or undefined when it can (the server's own check). */
export function upstreamBuildRefusal(mode: UpstreamMode, chainId: string): string | undefined {
  const family = chainFamily(chainId);
  if (!family || !UNBUILDABLE[mode].includes(family)) return undefined;
  const name = FAMILY_NAMES[family];
  return `${chainLabel(chainId)} is not available: the sandbox upstream cannot build ${name} transfers (the API's ${name} transaction shape is not documented).`;
}

function hasWalletOn(client: Pick<Client, "metadata">, family: ChainFamily): boolean {
  return Boolean((client.metadata.namespaces as Record<string, unknown>)[family]);
}

export function transferChains(client: Pick<Client, "metadata">, mode: UpstreamMode): TransferChains {
  const all = chainIdsOf("buildTransaction");
  const notOffered: ChainsNotOffered[] = [];
  for (const family of CHAIN_FAMILIES) {
    const chains = all.filter((id) => chainFamily(id) === family);
    if (chains.length === 0) continue;
    const name = FAMILY_NAMES[family];
    if (UNBUILDABLE[mode].includes(family))
      notOffered.push({
        family,
        chains,
        reason: `the sandbox upstream cannot build ${name} transfers (the API's ${name} transaction shape is not documented)`,
      });
    else if (!hasWalletOn(client, family))
      notOffered.push({ family, chains, reason: `this client has no ${name} wallet yet` });
  }
  const withheld = new Set(notOffered.flatMap((n) => n.chains));
  return { offered: all.filter((id) => !withheld.has(id)), notOffered };
}

/** "Tron, Tron Nile and Tron Shasta" */
export function chainNames(chains: readonly Caip2Id[]): string {
  const names = chains.map(chainLabel);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
