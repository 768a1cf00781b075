"use client";
import dynamic from "next/dynamic";

/**
 * One event's drawer, fetched when an event is opened: its chain lookup and record view are not part of
 * the events page's first load (its budget, e2e/budgets/first-load.spec.ts).
 */
export const EventDrawer = dynamic(() => import("./event-drawer").then((m) => m.EventDrawer), { ssr: false });
