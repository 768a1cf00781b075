// Finds known secret values in text, fast enough for the few hundred megabytes a browser-test run
// serves, logs and stores. Every secret the sandbox issues is a long run of base64/base64url/decimal
// characters, so the text is cut into maximal runs of those characters and each run is checked for
// every needle length it can hold, through a Set: linear in the text, whatever the number of needles.
const RUN = /[A-Za-z0-9_\-+/=]{12,}/g;

/** needles: [{ kind, value }]; values shorter than 12 characters are refused (they would match by chance). */
export function secretMatcher(needles) {
  const byValue = new Map();
  for (const needle of needles) {
    if (needle.value.length < 12)
      throw new Error(`A ${needle.kind} of ${needle.value.length} characters is too short to scan for`);
    if (!/^[A-Za-z0-9_\-+/=]+$/.test(needle.value))
      throw new Error(`A ${needle.kind} holds characters the scan does not cut on`);
    byValue.set(needle.value, needle);
  }
  const lengths = [...new Set([...byValue.keys()].map((v) => v.length))].sort((a, b) => a - b);
  const shortest = lengths[0] ?? Infinity;

  /** Every needle found in `text`, once each, with the offset of its first occurrence. */
  return function find(text) {
    const found = new Map();
    for (const match of text.matchAll(RUN)) {
      const run = match[0];
      if (run.length < shortest) continue;
      for (const length of lengths) {
        if (length > run.length) break;
        for (let i = 0; i + length <= run.length; i++) {
          const needle = byValue.get(run.slice(i, i + length));
          if (needle && !found.has(needle.value)) found.set(needle.value, { ...needle, offset: match.index + i });
        }
      }
    }
    return [...found.values()];
  };
}

/**
 * A needle as a report may show it: its kind and its first few characters, never the whole secret,
 * and where it came from when the needle says (a canary: the action and field it was sent in).
 */
export const describeNeedle = (needle) =>
  `${needle.kind} ${needle.value.slice(0, 6)}…${needle.from ? ` (sent in ${needle.from})` : ""}`;
