/** What the browser may know of a test client: never its key or shares. */
export interface TestClient {
  clientId: string;
  isAccountAbstracted: boolean;
  /** Whether the console holds signing shares for its wallet (generated in the wallet lab). */
  hasShares: boolean;
  createdByEmail: string;
  createdAt: string;
}

/** A test client set up in one step for yield: created, its wallets generated and (in the sandbox) funded. */
export interface SetUpTestClientResult {
  clientId: string;
  isAccountAbstracted: boolean;
  /** The address the yields see (an account-abstracted client's smart account). */
  evmAddress: string | null;
  /** True when the sandbox's faucet funded the wallets; a real upstream has no faucet. */
  funded: boolean;
}
