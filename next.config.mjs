// Static security headers for every response. The Content-Security-Policy carries a per-request
// nonce, so the serving process sets it with the request id (server/network/edge-headers.ts).
const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // scripts/serve.mjs compresses every answer itself, at levels chosen for answers made per request
  // (docs/architecture.md, "Compression"); Next's own middleware would gzip them again at level 6.
  compress: false,
  // `npm test` runs `tsc --noEmit` over the whole project as its own step; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // Native/wasm packages that must load from node_modules at run time instead of being bundled;
  // prom-client too, so scripts/serve.mjs and the server bundle share one module and one registry.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pino",
    "pg",
    "pg-boss",
    "hardhat",
    "solc",
    "prom-client",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/instrumentation",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/exporter-trace-otlp-http",
  ],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
