/** The verify page's file pickers, styled as its buttons (the native control's button is the part people click). */
export const fileInput =
  "block w-full text-sm file:mr-3 file:h-9 file:rounded file:border file:border-border file:bg-surface file:px-3 file:text-sm file:font-medium file:text-fg hover:file:bg-surface-2";
