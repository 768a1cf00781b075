/** What the browser may know of a test client: never its key or shares. */
export interface TestClient {
  clientId: string;
  isAccountAbstracted: boolean;
  /** Whether the console holds signing shares for its wallet (generated in the wallet lab). */
  hasShares: boolean;
  createdByEmail: string;
  createdAt: string;
}
