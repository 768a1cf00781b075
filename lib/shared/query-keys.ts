/**
 * Query-key factories shared by the server prefetch and the client hooks: the same key on both
 * sides is what lets a hydrated query be reused instead of fetched again.
 */
import type { AuditFilters } from "../audit";

export const queryKeys = {
  audit: {
    all: ["audit"] as const,
    list: (filters: AuditFilters, cursor: string | undefined, limit: number) =>
      ["audit", "list", filters, cursor ?? null, limit] as const,
    record: (recordId: string) => ["audit", "record", recordId] as const,
    facets: () => ["audit", "facets"] as const,
    /** The user's recent exports of the audit log. */
    exports: () => ["audit", "exports"] as const,
    /** The public keys that sign the console's evidence. */
    signingKeys: () => ["audit", "signing-keys"] as const,
    /** When the whole log was last verified. */
    lastVerified: () => ["audit", "last-verified"] as const,
  },
  clients: {
    all: ["clients"] as const,
    page: (take: number, cursor: string | undefined) => ["clients", "page", take, cursor ?? null] as const,
    detail: (clientId: string) => ["clients", "detail", clientId] as const,
    /** The address scan asked for this address (its run id): every place showing the address follows it. */
    ownerScan: (address: string) => ["clients", "owner-scan", address.toLowerCase()] as const,
    assets: (clientId: string, chain: string) => ["clients", "assets", clientId, chain] as const,
    /** Balances on every chain the client has a wallet on. */
    balances: (clientId: string) => ["clients", "balances", clientId] as const,
    ejects: (clientId: string) => ["clients", "ejects", clientId] as const,
    timeline: (clientId: string, kinds: string) => ["clients", "timeline", clientId, kinds] as const,
  },
  alerts: {
    /** Every scheduled export with its latest runs. */
    schedules: () => ["alerts", "schedules"] as const,
    all: ["alerts"] as const,
    webhooks: () => ["alerts", "webhooks"] as const,
    /** Keyed by the filters' query string (the page's own URL keys, in a stable order). */
    events: (webhookId: string, filters: string) => ["alerts", "events", webhookId, filters] as const,
    /** The user's recent exports of one webhook. */
    exports: (webhookId: string) => ["alerts", "exports", webhookId] as const,
    /** Failed events still in the retry schedule, lost soonest first. */
    horizon: (webhookId: string, test: string) => ["alerts", "horizon", webhookId, test] as const,
    /** Alerts whose confirmed partner never came, with the chain's word on each. */
    watchdog: (webhookId: string, test: string) => ["alerts", "watchdog", webhookId, test] as const,
    /** A transaction as the chain has it, and the webhook's alerts for it. */
    transaction: (webhookId: string, chainId: string, hash: string) =>
      ["alerts", "transaction", webhookId, chainId, hash] as const,
    /** Delivery outcomes per hour or day of a range, in a zone. */
    health: (webhookId: string, range: string, tz: string, test: string) =>
      ["alerts", "health", webhookId, range, tz, test] as const,
    /** The webhook's replays that left receipts. */
    replays: (webhookId: string) => ["alerts", "replays", webhookId] as const,
    /** One replay run's receipts, of one outcome or all (""). */
    receipts: (webhookId: string, runId: string, outcome: string) =>
      ["alerts", "receipts", webhookId, runId, outcome] as const,
  },
  gas: {
    all: ["gas"] as const,
    /** One chain's usage as the upstream lists it; the range is applied on the client. */
    usage: (chainId: string) => ["gas", "usage", chainId] as const,
  },
  savedViews: {
    list: (scope: string) => ["saved-views", scope] as const,
  },
  notifications: {
    all: ["notifications"] as const,
    /** The destination, the rules and the last sends (the users page's notifications section). */
    view: () => ["notifications", "view"] as const,
  },
  overview: {
    clients: () => ["overview", "clients"] as const,
    gas: () => ["overview", "gas"] as const,
  },
  testClients: {
    all: ["test-clients"] as const,
    list: () => ["test-clients", "list"] as const,
    detail: (clientId: string) => ["test-clients", "detail", clientId] as const,
  },
  approvals: {
    all: ["approvals"] as const,
    inbox: () => ["approvals", "inbox"] as const,
    /** The sidebar's count of the inbox's waiting requests. */
    waiting: () => ["approvals", "waiting"] as const,
    /** The requester's own eject requests. */
    mine: () => ["approvals", "mine"] as const,
  },
  yield: {
    all: ["yield"] as const,
    client: (clientId: string) => ["yield", "client", clientId] as const,
    opportunities: (clientId: string, filters: string) => ["yield", "opportunities", clientId, filters] as const,
    positions: (clientId: string, networks: string) => ["yield", "positions", clientId, networks] as const,
    history: (clientId: string) => ["yield", "history", clientId] as const,
    available: (clientId: string, network: string, token: string) =>
      ["yield", "available", clientId, network, token] as const,
    runs: (clientId: string) => ["yield", "runs", clientId] as const,
    run: (runId: string) => ["yield", "run", runId] as const,
    /** The run's steps simulated on the chain's latest state. */
    simulation: (runId: string) => ["yield", "simulation", runId] as const,
    /** Every test client's pending actions. */
    pending: () => ["yield", "pending"] as const,
  },
  jobs: {
    run: (runId: string) => ["jobs", "run", runId] as const,
  },
  users: {
    all: ["users"] as const,
    list: () => ["users", "list"] as const,
  },
  cases: {
    requirements: () => ["cases", "requirements"] as const,
  },
};
