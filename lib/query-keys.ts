/**
 * Query-key factories shared by the server prefetch and the client hooks: the same key on both
 * sides is what lets a hydrated query be reused instead of fetched again.
 */
import type { AuditFilters } from "./audit";

export const queryKeys = {
  audit: {
    all: ["audit"] as const,
    list: (filters: AuditFilters, cursor: string | undefined, limit: number) =>
      ["audit", "list", filters, cursor ?? null, limit] as const,
  },
  clients: {
    all: ["clients"] as const,
    page: (take: number, cursor: string | undefined) => ["clients", "page", take, cursor ?? null] as const,
    detail: (clientId: string) => ["clients", "detail", clientId] as const,
    assets: (clientId: string, chain: string) => ["clients", "assets", clientId, chain] as const,
    ejects: (clientId: string) => ["clients", "ejects", clientId] as const,
  },
  users: {
    all: ["users"] as const,
    list: () => ["users", "list"] as const,
  },
};
