/** How many console processes to run from CONSOLE_WORKERS and DATABASE_URL; throws on a bad value. */
export function workerCount(env?: Record<string, string | undefined>): number;
export function runPrimary(count: number, shutdownTimeoutMs: number): void;
export function answerMetricsRequests(): void;
