import type { Metadata } from "next";

export const metadata: Metadata = { title: "Blank", robots: { index: false } };

/**
 * Renders nothing, on purpose: the framework floor of the first-load JavaScript benchmark
 * (bench/first-load-js.bench.ts). What a page loads beyond this blank page of the same build is
 * that page's own weight. Signed in it shows the shell like any page; signed out the proxy sends
 * it to sign-in.
 */
export default function BlankPage() {
  return null;
}
