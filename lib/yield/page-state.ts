/**
 * The /yield page's URL state, checked: a hand-edited URL keeps what is valid and says what it
 * dropped, never crashes and never sends a bad value to the provider.
 */
import { isCaip2 } from "@/lib/chains";
import { isClientId } from "@/lib/clients/client-id";
import { ANY_NETWORK, TESTNETS, type OpportunityFilters } from "./opportunities";
import type { YieldTab } from "./search-params";

export interface YieldPageState {
  client: string | null;
  network: string | null;
  token: string | null;
  type: string | null;
  sort: OpportunityFilters["sort"];
  tab: YieldTab;
  networks: string | null;
}

export interface ValidYieldPage {
  clientId: string | null;
  filters: OpportunityFilters;
  /** The networks chosen in the address; null reads the client's own. */
  networks: string[] | null;
  tab: YieldTab;
  dropped: string[];
}

/**
 * `testnetsByDefault`: with no network in the address, the opportunities are the testnets' (the
 * console is on the sandbox, whose chains are local stand-ins); "any" in the address lists all.
 */
export function readYieldPage(state: YieldPageState, testnetsByDefault = false): ValidYieldPage {
  const dropped: string[] = [];
  // The same rule as clientIdSchema (lib/clients/client-id.ts), without loading zod into the page.
  const client = state.client ? (isClientId(state.client) ? state.client.trim() : undefined) : null;
  if (client === undefined) dropped.push(`“${state.client?.slice(0, 40)}” is not a client id`);
  const network =
    state.network === null
      ? testnetsByDefault
        ? TESTNETS
        : undefined
      : state.network === TESTNETS || isCaip2(state.network)
        ? state.network
        : undefined;
  if (state.network && state.network !== ANY_NETWORK && !network)
    dropped.push(`“${state.network.slice(0, 40)}” is not a CAIP-2 network`);
  const token = state.token?.trim().slice(0, 100) || undefined;
  const type = state.type && /^[a-z_]{2,40}$/.test(state.type) ? state.type : undefined;
  if (state.type && !type) dropped.push(`“${state.type.slice(0, 40)}” is not a yield type`);
  const listed = (state.networks ?? "").split(",").filter(Boolean);
  const networks = listed.filter((n) => isCaip2(n)).slice(0, 10);
  if (listed.length > networks.length) dropped.push("Some networks of the positions were not CAIP-2 ids");
  return {
    clientId: client ?? null,
    filters: { network, token, type, sort: state.sort },
    networks: networks.length > 0 ? networks : null,
    tab: state.tab,
    dropped,
  };
}
