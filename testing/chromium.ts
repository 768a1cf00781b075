/**
 * Debian's Chromium as every browser tool here launches it (Playwright's journeys, the benchmarks,
 * Lighthouse): test tools cannot download a browser on this machine, and these flags keep it from
 * reaching the network or asking for a GPU and a sandbox the machine does not have.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
