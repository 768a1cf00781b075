/** The clients area's data routes (app/api/clients/): the URL each read asks for, built in one place. */

const client = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

/** A page of the clients list. */
export const clientsPageUrl = (take: number, cursor: string | undefined) =>
  `/api/clients?take=${take}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/** One client. */
export const clientUrl = (clientId: string) => client(clientId);

/** The client's balances on one chain of the assets table (CAIP-2 id). */
export const clientAssetsUrl = (clientId: string, chainId: string) =>
  `${client(clientId)}/assets?chain=${encodeURIComponent(chainId)}`;

/** The client's balances on every chain it has a wallet on. */
export const clientBalancesUrl = (clientId: string) => `${client(clientId)}/balances`;

/** The client's eject requests. */
export const clientEjectsUrl = (clientId: string) => `${client(clientId)}/ejects`;

/** A page of the client's timeline, of some kinds (comma-separated; "" for all), from the cursor on. */
export const clientTimelineUrl = (clientId: string, kinds: string, cursor: string | null) =>
  `${client(clientId)}/timeline?kinds=${encodeURIComponent(kinds)}${cursor ? `&cursor=${cursor}` : ""}`;
