/** The formats of a compliance export, without zod (the export panel lists them; lib/alerts/export.ts checks them). */
export const EXPORT_FORMATS = ["csv", "ndjson"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
