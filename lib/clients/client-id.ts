/**
 * What a client id and a page of the clients list look like, in plain TypeScript: the browser
 * checks them with these functions (the header's search box, the clients list, the yield client
 * picker) without loading zod, and lib/clients/index.ts builds its zod schemas from the same functions,
 * so the server checks exactly the same rule.
 */

/** Client ids are opaque upstream ids (cuid-like); anything else cannot be one. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;
export const CLIENT_ID_MESSAGE = "That is not a client id (letters, digits, - and _ only)";

/** Whether `value` (trimmed, as the schema trims it) is a client id. */
export const isClientId = (value: string) => CLIENT_ID_PATTERN.test(value.trim());

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
export const PAGE_SIZE_MESSAGE = "Page size must be 10, 25, 50 or 100";

export type ClientsPageQuery = { take: PageSize; cursor?: string | undefined };

/**
 * The clients list's URL state: `take` a page size (missing or empty: the default), `cursor` a
 * client id (missing or empty: the first page). A refusal names the field and says why.
 */
export function readClientsPageQuery(raw: {
  take?: unknown;
  cursor?: unknown;
}): { success: true; data: ClientsPageQuery } | { success: false; field: "take" | "cursor"; message: string } {
  const takeText = raw.take === undefined || raw.take === "" ? String(DEFAULT_PAGE_SIZE) : raw.take;
  const take = typeof takeText === "string" ? Number(takeText) : Number.NaN;
  if (!(PAGE_SIZES as readonly number[]).includes(take))
    return { success: false, field: "take", message: PAGE_SIZE_MESSAGE };
  if (raw.cursor === undefined || raw.cursor === "") return { success: true, data: { take: take as PageSize } };
  if (typeof raw.cursor !== "string" || !isClientId(raw.cursor))
    return { success: false, field: "cursor", message: CLIENT_ID_MESSAGE };
  return { success: true, data: { take: take as PageSize, cursor: raw.cursor.trim() } };
}
