/**
 * A URL cut into the pieces a line may break after: each separator (/ . ? & = # - _ :) ends a piece, so
 * "https://hooks.example.com/alerts/incoming" wraps at "/" or "." and never inside "example".
 * Joined again the pieces are the URL, character for character.
 */
export function urlBreaks(url: string): string[] {
  return url.match(/[^/.?&=#\-_:]*(?:[/.?&=#\-_:]+|$)/g)?.filter((piece) => piece.length > 0) ?? [url];
}
