import "server-only";
import type { z } from "zod";
import type { JobDefinition, JobSpec } from "./types";

const KIND = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

// On globalThis because Next may evaluate this module once per bundle (instrumentation, routes),
// and the instance that starts workers must see kinds defined from any of them.
const globalForJobs = globalThis as unknown as { consoleJobKinds?: Map<string, JobDefinition> };
const kinds = (globalForJobs.consoleJobKinds ??= new Map());

/**
 * Registers a job kind. Defining a kind again replaces it (module reloads in development);
 * workers started afterwards, or started for it lazily, use the latest definition.
 */
export function defineJob<P extends z.ZodType, C extends z.ZodType = z.ZodUnknown, R = unknown>(
  spec: JobSpec<P, C, R>,
): JobDefinition<P, C, R> {
  if (!KIND.test(spec.kind) || spec.kind.length > 100) throw new Error(`job kind "${spec.kind}" is not a valid name`);
  const definition: JobDefinition<P, C, R> = {
    kind: spec.kind,
    params: spec.params,
    checkpoint: spec.checkpoint,
    maxAttempts: positiveInteger(spec.maxAttempts ?? 3, "maxAttempts"),
    retryDelaySeconds: Math.max(0, Math.round(spec.retryDelaySeconds ?? 5)),
    concurrency: positiveInteger(spec.concurrency ?? 1, "concurrency"),
    perPersonLimit: spec.perPersonLimit && {
      ...spec.perPersonLimit,
      max: positiveInteger(spec.perPersonLimit.max, "perPersonLimit.max"),
    },
    run: spec.run,
  };
  kinds.set(spec.kind, definition as unknown as JobDefinition);
  return definition;
}

export function getJobDefinition(kind: string): JobDefinition | undefined {
  return kinds.get(kind);
}

export function jobDefinitions(): JobDefinition[] {
  return [...kinds.values()];
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`job ${name} must be a positive integer`);
  return value;
}
