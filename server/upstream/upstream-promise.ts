import "server-only";

/** What a call resolved to, beyond its data: for audit records and support tickets. */
export interface UpstreamResponse<T> {
  data: T;
  status: number;
  /** The upstream's x-request-id header, when it sent one. */
  requestId: string | undefined;
  /** Across all attempts, including waits between them. */
  durationMs: number;
  attempts: number;
}

/**
 * A promise of a call's parsed data that can also give the response details, as openai-node's
 * APIPromise does: `await client.x()` is the data, `await client.x().withResponse()` has the
 * request id as well.
 */
export class UpstreamPromise<T> extends Promise<T> {
  readonly #response: Promise<UpstreamResponse<T>>;

  constructor(response: Promise<UpstreamResponse<T>>) {
    // The base promise is never observed: then/catch/finally below read #response instead.
    super((resolve) => resolve(undefined as T));
    this.#response = response;
  }

  // Derived promises (from then/catch/finally) are plain promises, not UpstreamPromises.
  static override get [Symbol.species]() {
    return Promise;
  }

  withResponse(): Promise<UpstreamResponse<T>> {
    return this.#response;
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#response.then((r) => r.data).then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#response.then((r) => r.data).finally(onfinally);
  }
}
