"use client";
import dynamic from "next/dynamic";

/**
 * The enter/exit dialog, fetched when a yield action is chosen: its form checks arguments with zod
 * (lib/yield/arguments), which the yield page need not load until then.
 */
export const ActionDialog = dynamic(() => import("./action-dialog").then((m) => m.ActionDialog), { ssr: false });
