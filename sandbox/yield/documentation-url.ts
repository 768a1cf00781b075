/** Where an opportunity's documentation page is served (documentation.ts serves it; the catalogue links it). */
export const DOCUMENTATION_PATH = "/static/yields";

export const documentationUrl = (origin: string, yieldId: string) =>
  `${origin}${DOCUMENTATION_PATH}/${encodeURIComponent(yieldId)}.md`;
