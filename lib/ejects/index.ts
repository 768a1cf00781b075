/** Eject request states, shared by the database schema, the server and the pages. */
export const EJECT_STATUSES = ["pending", "approved", "rejected", "expired", "executed", "withdrawn"] as const;
export type EjectStatus = (typeof EJECT_STATUSES)[number];
