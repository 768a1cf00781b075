/**
 * The assets tab's chain in the URL (`?chain=` on the client page), read the same way by the page's
 * prefetch and by the tab, so both ask for the same balances under the same query key.
 */
import { resolveAssetsChain, type Caip2Id } from "../chains";

/**
 * A shortcut or CAIP-2 id of the assets table, read as the id it stands for (so `sepolia` and
 * `eip155:11155111` share one view and one cache entry). Anything else comes back as `rejected`,
 * for the page to say so and fall back, never to fail on.
 */
export function assetsChainFromUrl(value: string | null | undefined): { chainId?: Caip2Id; rejected?: string } {
  if (value === null || value === undefined || value === "") return {};
  const chainId = resolveAssetsChain(value);
  return chainId ? { chainId } : { rejected: value.slice(0, 80) };
}
