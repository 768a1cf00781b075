/**
 * Test doubles for the seams other parts own, and a sandbox built on them: tests of the
 * administration routes run without the local EVM or the MPC service.
 */
import { createSandbox, type Sandbox, type SandboxOptions } from "@/sandbox/app";
import { loadSandboxEnv } from "@/sandbox/env";
import { KeyStore } from "@/sandbox/mpc/key-store";
import type { BackupShareSource, ChainRegistry, ChainTransfer, TestToken } from "@/sandbox/types";
import { TEST_DELIVERY_TIMINGS } from "./delivery-timings";

export const TEST_CUSTODIAN_KEY = "test-custodian-key";
export const TEST_ANCHOR_MS = Date.UTC(2026, 5, 15, 12, 0, 0);

export const FAKE_TOKENS: TestToken[] = [
  { symbol: "USDC", name: "USD Coin", decimals: 6, address: "0x5FbDB2315678afecb367f032d93F642f64180aa3" },
  { symbol: "USDT", name: "Tether USD", decimals: 6, address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" },
  { symbol: "LINK", name: "ChainLink Token", decimals: 18, address: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0" },
  { symbol: "WETH", name: "Wrapped Ether", decimals: 18, address: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9" },
];

/**
 * An in-memory ChainRegistry: balances are set by the test, transfers are emitted by the test; each
 * chain's head is the highest block emitted on it, moved on by hardhat_mine.
 */
export class FakeChainRegistry implements ChainRegistry {
  readonly native = new Map<string, bigint>();
  readonly token = new Map<string, bigint>();
  readonly heads = new Map<number, number>();
  /** Every hardhat_mine call: [reference, blocks]. */
  readonly mined: [number, number][] = [];
  private readonly listeners = new Set<(t: ChainTransfer) => void>();
  constructor(
    private readonly served: number[] = [
      1, 137, 8453, 84531, 84532, 11155111, 80002, 10143, 42161, 10, 56, 97, 250, 1284, 43114, 59144, 42220, 44787,
      80001,
    ],
  ) {}

  references = () => [...this.served];
  isServed = (reference: number) => this.served.includes(reference);
  async request(reference: number, method: string, params: unknown[] = []) {
    if (method === "eth_call") return `0x${(10n ** 15n).toString(16)}`;
    if (method === "eth_getTransactionReceipt") return { gasUsed: "0x5208", effectiveGasPrice: "0x3b9aca00" };
    if (method === "eth_blockNumber") return `0x${(this.heads.get(reference) ?? 0).toString(16)}`;
    if (method === "hardhat_mine") {
      const blocks = Number(params[0] ?? "0x1");
      this.mined.push([reference, blocks]);
      this.heads.set(reference, (this.heads.get(reference) ?? 0) + blocks);
      return null;
    }
    throw new Error(`fake registry: ${method} not supported`);
  }
  async tokens() {
    return FAKE_TOKENS;
  }
  async nativeBalance(reference: number, address: string) {
    return this.native.get(`${reference}:${address.toLowerCase()}`) ?? 0n;
  }
  async tokenBalance(reference: number, token: string, address: string) {
    return this.token.get(`${reference}:${token.toLowerCase()}:${address.toLowerCase()}`) ?? 0n;
  }
  async fund() {}
  onTransfer(listener: (t: ChainTransfer) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  emit(transfer: ChainTransfer) {
    const reference = Number(transfer.chainId.split(":")[1]);
    this.heads.set(reference, Math.max(this.heads.get(reference) ?? 0, transfer.blockNumber));
    for (const l of this.listeners) l(transfer);
  }
  async close() {}
}

/**
 * A BackupShareSource whose backed-up wallets the test chooses, over an in-memory key store that
 * serves the seeded clients' real backups (as the composed sandbox does).
 */
export class FakeBackups implements BackupShareSource {
  readonly shares = new Map<string, { encryptedClientBackupShare: string | null; custodianBackupShare: string }>();
  readonly keyStore = new KeyStore();
  add(clientId: string, walletId: string) {
    this.shares.set(`${clientId}:${walletId}`, {
      encryptedClientBackupShare: null,
      custodianBackupShare: JSON.stringify({ clientId, backupSharePairId: walletId, share: "42" }),
    });
  }
  ejectableBackupShares(clientId: string, walletId: string) {
    return this.shares.get(`${clientId}:${walletId}`) ?? this.keyStore.ejectableBackupShares(clientId, walletId);
  }
}

export interface TestSandbox extends Sandbox {
  chains: FakeChainRegistry;
  backups: FakeBackups;
  /** A fetch-like call against the base app with the custodian key. */
  admin(path: string, init?: RequestInit): Promise<Response>;
}

export async function startTestSandbox(
  env: Record<string, string> = {},
  options: Partial<Pick<SandboxOptions, "timings" | "now" | "dataDir" | "anchorMs">> = {},
): Promise<TestSandbox> {
  const chains = new FakeChainRegistry();
  const backups = new FakeBackups();
  const sandbox = await createSandbox({
    env: loadSandboxEnv({
      SANDBOX_CUSTODIAN_API_KEY: TEST_CUSTODIAN_KEY,
      SANDBOX_SEED_CLIENTS: "30",
      SANDBOX_SEED_EVENTS: "500",
      // The anchor is fixed months back, so every retry the seeded history scheduled is overdue at
      // start; tests of the schedule turn it on with an anchor of their own.
      SANDBOX_RETRY_SCALE: "off",
      ...env,
    }),
    anchorMs: TEST_ANCHOR_MS,
    // A delivery to a loopback receiver is quick, but a starved test machine stalls the event loop for
    // seconds: the timeout leaves room for that, the slow receiver stays well past it.
    timings: { ...TEST_DELIVERY_TIMINGS, faultHoldMs: 100, ...options.timings },
    ...options,
    seams: (_directory, { seededKeys }) => {
      backups.keyStore.attachSeeded(seededKeys);
      return { chains, backups };
    },
  });
  return {
    ...sandbox,
    chains,
    backups,
    admin: (path, init = {}) =>
      Promise.resolve(
        sandbox.baseApp.request(path, {
          ...init,
          headers: {
            authorization: `Bearer ${TEST_CUSTODIAN_KEY}`,
            "content-type": "application/json",
            ...(init.headers as Record<string, string>),
          },
        }),
      ),
  };
}
