/** Named filter sets per user and page, as the pages and their actions exchange them. */
import { z } from "zod";
import { freeText } from "./text";

/** The pages that keep saved views, and the permission to read each. */
export const SAVED_VIEW_SCOPES = { "alerts.events": "alerts:read" } as const;
export type SavedViewScope = keyof typeof SAVED_VIEW_SCOPES;
export const savedViewScopeSchema = z.enum(Object.keys(SAVED_VIEW_SCOPES) as [SavedViewScope]);

export const saveViewSchema = z.object({
  scope: savedViewScopeSchema,
  name: freeText().min(1, "Name the view").max(80, "At most 80 characters"),
  /** The filters' query string; checked again by the page that reads it. */
  query: z
    .string()
    .max(2000, "These filters are too long to save")
    .regex(/^[A-Za-z0-9%_.~:,&=+-]*$/, "Not a query string"),
});

export interface SavedView {
  id: string;
  scope: string;
  name: string;
  query: string;
  updatedAt: string;
}
