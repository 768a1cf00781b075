import { vi } from "vitest";

/** Bad input to every server action, part 1 of 4: what it proves is said in testing/kit/bad-input-actions-suite.ts. */

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
await badInputActions(1, 4);
