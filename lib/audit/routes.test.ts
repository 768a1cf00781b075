import { describe, expect, it } from "vitest";
import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/audit/routes.ts", routes, {
  auditPageUrl: [
    () => routes.auditPageUrl({ actor: "a@b.c", outcome: "error" }, "c/1", 50),
    "/api/audit?actor=a%40b.c&outcome=error&cursor=c%2F1&limit=50",
    "app/api/audit/route.ts",
  ],
  latestAuditUrl: [() => routes.latestAuditUrl(5), "/api/audit?limit=5", "app/api/audit/route.ts"],
  auditRecordUrl: [() => routes.auditRecordUrl("r/1"), "/api/audit/r%2F1", "app/api/audit/[recordId]/route.ts"],
  auditFacetsUrl: [() => routes.auditFacetsUrl(), "/api/audit/facets", "app/api/audit/facets/route.ts"],
  recentAuditExportsUrl: [
    () => routes.recentAuditExportsUrl(),
    "/api/audit/exports?limit=5",
    "app/api/audit/exports/route.ts",
  ],
  auditExportFileUrl: [
    () => routes.auditExportFileUrl("run-1"),
    "/api/audit/exports/run-1/file",
    "app/api/audit/exports/[runId]/file/route.ts",
  ],
  auditExportManifestUrl: [
    () => routes.auditExportManifestUrl("run-1"),
    "/api/audit/exports/run-1/manifest",
    "app/api/audit/exports/[runId]/manifest/route.ts",
  ],
  signingKeysUrl: [() => routes.signingKeysUrl(), "/api/audit/signing-keys", "app/api/audit/signing-keys/route.ts"],
  lastVerifiedUrl: [() => routes.lastVerifiedUrl(), "/api/audit/last-verified", "app/api/audit/last-verified/route.ts"],
});

describe("a page of the log's URL", () => {
  it("keeps its empty filter part when unfiltered, as the page has always asked", () => {
    expect(routes.auditPageUrl({}, undefined, 50)).toBe("/api/audit?&limit=50");
  });
});
