import { vi } from "vitest";

/**
 * Bad input to every server action, generated (fast-check). The actions are found by reading
 * server/actions/ (each exported function of each module), not from a list. Each one gets RUNS
 * hostile arguments: wrong types, 100k-character strings, NUL and lone surrogates, RTL text and
 * emoji, injection strings, path traversal, out-of-range numbers, missing fields, arrays where an
 * object belongs, Map/Set/BigInt/Date values, odd keys. Signed in as an admin, who holds every
 * permission, so every call gets as far as the input check.
 *
 * Each input starts with its caller's budgets fresh (server/audit/refusals.ts and the actions' own),
 * which have their own tests (server/kit/refusal-budget.test.ts, server/actions/*.test.ts).
 *
 * Properties: the call resolves (never throws); input the action's schema refuses gives ok:false
 * with VALIDATION and a clear message, no upstream call, and exactly the one refusal record (no
 * intent), which like the answer holds no string of the input (only field paths and messages, with
 * anything they quoted of the input cut out); input that passes gets an intent and its outcome, and if refused later, a clear message
 * other than INTERNAL. Every record must be storable; the first WRITE_THROUGH inputs of each action
 * go through the real sealed append into the real audit table of an in-memory PGlite, which must
 * then hold exactly the recorded records (why not all: testing/audit-recorder.ts).
 *
 * The seed is fixed and printed with any counterexample; another seed:
 *   BAD_INPUT_SEED=123 npx vitest run server/kit/bad-input-actions
 *
 * The actions are dealt over four files (this is part N of bad-input-actions-N.test.ts), so the two
 * workers share them; the body is testing/kit/bad-input-actions-suite.ts.
 */

// Factories live in the harness (vi.mock itself must stay here, where it is hoisted).
vi.mock("@/server/auth/session", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).sessionModule(original),
);
vi.mock("@/server/request-context", async () =>
  (await import("@/testing/kit/bad-input-harness")).requestContextModule(),
);
vi.mock("@/server/upstream", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).upstreamModule(original),
);
vi.mock("@/server/audit/append", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).auditAppendModule(original),
);

const { badInputActions } = await import("@/testing/kit/bad-input-actions-suite");
await badInputActions(2, 4);
