"use client";
import dynamic from "next/dynamic";

/**
 * The filter form, fetched when it is first opened (or when the URL's filters need its messages): folded,
 * it is not part of the events page's first load (its budget, e2e/budgets/first-load.spec.ts).
 */
export const FiltersForm = dynamic(() => import("./filters-form").then((m) => m.FiltersForm), {
  loading: () => <p className="text-sm text-muted">Loading the filters…</p>,
});
