import { afterEach, beforeEach } from "vitest";
import { forgetAuditKeysForTests } from "@/server/audit/keys";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";

/**
 * A fresh database (and checkpoint directory) for each test of a describe block about the audit chain,
 * handed to `use` before the test; closed after it, with the chain keys this process remembers forgotten.
 */
export function freshChainPerTest(kind: TestDbKind, use: (handle: DbHandle) => void): void {
  let opened: DbHandle | undefined;
  beforeEach(async () => {
    opened = await openTestDb(kind);
    use(opened);
  });
  afterEach(async () => {
    forgetAuditKeysForTests();
    await opened?.close();
    opened = undefined;
  });
}
