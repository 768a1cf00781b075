// The cluster primary's part in sharing one upstream budget among the console's processes
// (server/cluster/): one worker, the keeper, holds the custodian's rate limit and the shared-read
// cache for all of them; the others ask it through the primary, which only passes messages on and
// says who the keeper is. The first worker started keeps; when the keeper ends, the oldest worker
// still running takes over and every worker is told (their calls to the old keeper fail over to
// their own share of the limit).
//
// Messages (all objects with a `type`):
//   worker → primary  { type: "console:who-keeps" }               answered with console:keeper
//   primary → worker  { type: "console:keeper", id }              id: the keeper's worker id, or null
//   worker → primary  { type: "console:to-keeper", body }         passed to the keeper as console:from-worker
//   primary → keeper  { type: "console:from-worker", from, body }
//   keeper → primary  { type: "console:to-worker", to, body }     passed to worker `to` as console:from-keeper
//   primary → worker  { type: "console:from-keeper", body }
// With no keeper, a worker's message is answered at once with { body: { id, error: "no-keeper" } }.

/**
 * @typedef {{ id: number, send(message: unknown): unknown }} RelayWorker
 */
export class KeeperRelay {
  /** @type {Map<number, RelayWorker>} */
  #workers = new Map();
  /** @type {number | null} */
  #keeper = null;

  get keeper() {
    return this.#keeper;
  }

  /** A worker was forked: the first one keeps. @param {RelayWorker} worker */
  add(worker) {
    this.#workers.set(worker.id, worker);
    if (this.#keeper === null) this.#elect();
  }

  /** A worker ended: if it kept, the oldest left takes over and everyone is told. @param {number} id */
  remove(id) {
    this.#workers.delete(id);
    if (this.#keeper === id) this.#elect();
  }

  /** A message from worker `from`: true when it was one of the relay's. @param {number} from @param {any} message */
  handle(from, message) {
    switch (message?.type) {
      case "console:who-keeps":
        this.#workers.get(from)?.send({ type: "console:keeper", id: this.#keeper });
        return true;
      case "console:to-keeper": {
        const keeper = this.#keeper === null ? undefined : this.#workers.get(this.#keeper);
        if (keeper) keeper.send({ type: "console:from-worker", from, body: message.body });
        else
          this.#workers
            .get(from)
            ?.send({ type: "console:from-keeper", body: { id: message.body?.id, error: "no-keeper" } });
        return true;
      }
      case "console:to-worker":
        if (from === this.#keeper)
          this.#workers.get(message.to)?.send({ type: "console:from-keeper", body: message.body });
        return true;
      default:
        return false;
    }
  }

  #elect() {
    const ids = [...this.#workers.keys()].sort((a, b) => a - b);
    this.#keeper = ids[0] ?? null;
    for (const worker of this.#workers.values()) worker.send({ type: "console:keeper", id: this.#keeper });
  }
}
