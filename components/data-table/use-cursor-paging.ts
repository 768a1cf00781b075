"use client";
import { useQueryState } from "nuqs";
import {
  cursorParsers,
  currentCursor,
  firstRowIndex,
  parseCursorStack,
  popCursor,
  pushCursor,
  serializeCursorStack,
} from "@/lib/shared/cursor-stack";

/**
 * Cursor paging over an API that only pages forward, with the stack of cursors that led to the
 * current page in the URL (`?cursors=c1.c2`): Previous, reload, back and a shared link all show
 * the same page. One hook for every cursor-paged table.
 */
export function useCursorPaging() {
  const [value, setValue] = useQueryState("cursors", cursorParsers.cursors);
  const stack = parseCursorStack(value);
  return {
    stack,
    cursor: currentCursor(stack),
    /** 1-based index of the page's first row. */
    firstRow: (pageSize: number) => firstRowIndex(stack, pageSize),
    canPrev: stack.length > 0,
    next: (cursor: string) => void setValue(serializeCursorStack(pushCursor(stack, cursor))),
    prev: () => void setValue(serializeCursorStack(popCursor(stack))),
    /** Back to the first page (after a filter or page-size change). */
    reset: () => void setValue(null),
  };
}
