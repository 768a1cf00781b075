/**
 * The chains the wallet lab offers. Test networks only: the lab acts for test clients, and a send on
 * a main network would move real funds against the real service. The EVM ones are chains the
 * sandbox runs (Sepolia and Base Sepolia from its start, the others on first use) and its faucet
 * funds each new wallet on them; Solana Devnet is simulated there (nothing is broadcast).
 */
import { SOLANA_DEVNET, chainLabel, type Caip2Id } from "../chains";

export const LAB_EVM_CHAINS = ["eip155:11155111", "eip155:84532", "eip155:80002", "eip155:11155420"] as const;
export type LabEvmChain = (typeof LAB_EVM_CHAINS)[number];

export const LAB_SEND_CHAINS = [...LAB_EVM_CHAINS, SOLANA_DEVNET] as const;

export const DEFAULT_LAB_CHAIN: LabEvmChain = "eip155:11155111";

export interface LabChainOption {
  value: Caip2Id;
  label: string;
}

const option = (id: Caip2Id): LabChainOption => ({ value: id, label: `${chainLabel(id)} — ${id}` });

export const labEvmChainOptions = (): LabChainOption[] => LAB_EVM_CHAINS.map(option);
export const labSendChainOptions = (): LabChainOption[] => LAB_SEND_CHAINS.map(option);
