export interface RelayWorker {
  id: number;
  send(message: unknown): unknown;
}

/** The cluster primary's relay between the workers and the one that keeps their upstream budget. */
export class KeeperRelay {
  /** The keeper's worker id, or null when no worker runs. */
  get keeper(): number | null;
  add(worker: RelayWorker): void;
  remove(id: number): void;
  /** True when `message` from worker `from` was one of the relay's. */
  handle(from: number, message: unknown): boolean;
}
