import "server-only";
import type { ExportManifestV2 } from "@/lib/alerts/export";
import { DEFAULT_TEST_MODE } from "@/lib/alerts/test-activity";
import { getUpstreamConfig } from "@/server/env";
import { consoleVersion } from "@/server/exports/version";
import type { ExportParams, SliceState } from "./checkpoint";
import { ZoneTimeFormatter } from "./zone-time";

/** A file name that says what it holds and is safe on every file system: alerts-<webhook>-<from>-<until>.csv. */
export function exportFileName(params: Pick<ExportParams, "webhookId" | "filters" | "until" | "format">): string {
  const stamp = (iso: string) => iso.replace(/\.\d+Z$/, "Z").replace(/[-:]/g, "");
  const webhook = params.webhookId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 60);
  const from = params.filters.from ? stamp(params.filters.from) : "start";
  return `alerts-${webhook}-${from}-${stamp(params.until)}.${params.format}`;
}

/**
 * The manifest: everything a reviewer needs to know what the file is and to check it (its SHA-256),
 * times in the export's time zone with an explicit offset. Never a key: the upstream is named by
 * its label and base URL.
 */
export function buildManifest(input: {
  runId: string;
  params: ExportParams;
  fileName: string;
  bytes: number;
  sha256: string;
  slices: readonly SliceState[];
  generatedAt: Date;
}): ExportManifestV2 {
  const { params, slices } = input;
  const zone = new ZoneTimeFormatter(params.filters.tz);
  const at = (ms: number | null) => (ms === null ? null : zone.format(ms));
  const firsts = slices.map((s) => s.first).filter((v): v is number => v !== null);
  const lasts = slices.map((s) => s.last).filter((v): v is number => v !== null);
  const upstream = getUpstreamConfig();
  return {
    manifestVersion: 2,
    kind: "alerts.export",
    runId: input.runId,
    webhookId: params.webhookId,
    format: params.format,
    file: { name: input.fileName, bytes: input.bytes, sha256: input.sha256 },
    filters: params.filters,
    timeZone: params.filters.tz,
    range: {
      from: at(params.filters.from ? Date.parse(params.filters.from) : null),
      until: zone.format(Date.parse(params.until)),
    },
    rows: slices.reduce((sum, s) => sum + s.rows, 0),
    order: "newest-first",
    // Rows run newest first; the range is named for what it holds: the oldest and the newest row's createdAt.
    oldestEventAt: at(lasts.length > 0 ? Math.min(...lasts) : null),
    newestEventAt: at(firsts.length > 0 ? Math.max(...firsts) : null),
    testActivity: {
      mode: params.filters.test ?? DEFAULT_TEST_MODE,
      leftOut: slices.reduce((sum, s) => sum + s.leftOut, 0),
    },
    generatedBy: { id: params.actor.id, email: params.actor.email },
    startedAt: zone.format(Date.parse(params.startedAt)),
    generatedAt: zone.format(input.generatedAt.getTime()),
    upstream: { mode: upstream.mode, label: upstream.label, baseUrl: upstream.baseUrl },
    console: { version: consoleVersion() },
    ...(params.schedule
      ? {
          schedule: {
            scheduleId: params.schedule.scheduleId,
            cadence: params.schedule.cadence,
            timeZone: params.schedule.timeZone,
            period: {
              start: zone.format(Date.parse(params.schedule.periodStart)),
              end: zone.format(Date.parse(params.schedule.periodEnd)),
            },
            catchUp: params.schedule.catchUp,
          },
        }
      : {}),
  };
}
