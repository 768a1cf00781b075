/**
 * Cursor paging over an API that only pages forward: the URL keeps the stack of cursors that led
 * to the current page ("c1.c2.c3"), so Previous, reload, back and a shared link all show the same
 * page. The first page has an empty stack.
 */
import { parseAsString } from "nuqs/server";

/** The stack in the URL (`?cursors=c1.c2`), for every cursor-paged page's search params. */
export const cursorParsers = { cursors: parseAsString.withOptions({ history: "push" }) };

/** Cursor values never contain it: ids and sequence numbers do not. */
const SEP = ".";

export function parseCursorStack(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(SEP)
    .filter((c) => c.length > 0 && c.length <= 200)
    .slice(0, 1000);
}

export function serializeCursorStack(stack: string[]): string | null {
  return stack.length ? stack.join(SEP) : null;
}

export const currentCursor = (stack: string[]): string | undefined => stack.at(-1);

export const pushCursor = (stack: string[], next: string): string[] => [...stack, next];

export const popCursor = (stack: string[]): string[] => stack.slice(0, -1);

/** 1-based index of the first row of the page, given the page size. */
export const firstRowIndex = (stack: string[], pageSize: number) => stack.length * pageSize + 1;
