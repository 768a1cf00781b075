/**
 * Which seeded clients backed up their wallets. A backup covers both wallets of a client at once, as
 * `/v1/backup` does: 70 % completed (ejectable), 10 % started but never completed, 20 % none.
 *
 * The plan has its own PRNG stream with the same draws for every client, so a client's backup state
 * depends only on its position among the seeded clients and the seed: not on the seed anchor (which
 * moves every id), nor on the number of seeded clients. The console's e2e tests rely on that to pick
 * an ejectable client and a non-ejectable one (`seededClientPositions`).
 */
import type { BackupSharePairRecord } from "../types";
import { createRng } from "./prng";
import { SANDBOX_SEED } from "./sandbox-seed";

export type SeededBackupState = "completed" | "incomplete" | "none";

export interface SeededBackup {
  state: SeededBackupState;
  method: BackupSharePairRecord["backupMethod"];
}

const BACKUP_METHODS: BackupSharePairRecord["backupMethod"][] = ["GDRIVE", "ICLOUD", "PASSWORD", "PASSKEY", "CUSTOM"];

/** The backup of each of the first `count` seeded clients, in list order. */
export function seededBackups(count: number, seed: string): SeededBackup[] {
  const rng = createRng(`${seed}:backups`);
  return Array.from({ length: count }, () => {
    const draw = rng.next();
    // Drawn for every client, backed up or not, so the stream stays aligned with positions.
    const method = rng.pick(BACKUP_METHODS);
    return { state: draw < 0.2 ? "none" : draw < 0.3 ? "incomplete" : "completed", method };
  });
}

/**
 * Positions (0 = the oldest, the first of `GET /clients`) of the seeded clients whose backup is in
 * `state`: "completed" ones can be ejected, "none" and "incomplete" ones cannot. Clients created
 * through the API sort after every seeded one, so the positions hold on a sandbox in use.
 */
export function seededClientPositions(
  state: SeededBackupState,
  { count, seed = SANDBOX_SEED }: { count: number; seed?: string },
): number[] {
  return seededBackups(count, seed).flatMap((backup, position) => (backup.state === state ? [position] : []));
}
