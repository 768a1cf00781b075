import "server-only";
import { randomUUID } from "node:crypto";
import type * as Append from "@/server/audit/append";
import type { AuditEntry } from "@/server/audit/append";

type AppendModule = typeof Append;

/**
 * A recording stand-in for server/audit/append, for tests that make tens of thousands of calls:
 * a sealed append to PGlite costs about 6 ms of CPU (measured: chain lock, head row, seal, insert),
 * and 500 refused inputs for each of 35 actions are 17,500 records, over 100 s for one file. Each entry is kept in `entries`; what the real append would store of
 * its input is computed with the real `storedInput` and checked to be storable (no NUL, no lone
 * surrogate, bounded), and while `writeThrough` is on the entry also goes through the real append
 * into the real table, so a sample of the records is checked end to end. The append itself is
 * tested in server/audit.
 */
export interface AuditRecorder {
  entries: AuditEntry[];
  /** Entries the real append refused, or whose stored input PostgreSQL would refuse. */
  failures: { entry: AuditEntry; problem: string }[];
  writeThrough: boolean;
}

export function createAuditRecorder(): AuditRecorder {
  return { entries: [], failures: [], writeThrough: false };
}

/**
 * JSON.stringify writes NUL as \u0000 and a lone surrogate as \udxxx (a pair stays as it is); a
 * backslash of the text itself is doubled, so only an odd run of backslashes starts an escape.
 */
const UNSTORABLE = /(?:^|[^\\])(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

export function recordingAppendModule(actual: AppendModule, recorder: AuditRecorder): AppendModule {
  const appendAudit: AppendModule["appendAudit"] = async (entry, db) => {
    recorder.entries.push(entry);
    const refuse = (problem: string) => {
      recorder.failures.push({ entry, problem });
      throw new Error(problem);
    };
    if (recorder.writeThrough) return actual.appendAudit(entry, db).catch((error) => refuse(String(error)));
    let text = "";
    try {
      text = JSON.stringify(actual.storedInput(entry.input)) ?? "null";
    } catch (error) {
      refuse(`the input could not be made storable: ${String(error)}`);
    }
    if (UNSTORABLE.test(text)) refuse("the stored input holds NUL or a lone surrogate");
    if (text.length > actual.MAX_STORED_INPUT_CHARS + 1_000) refuse(`the stored input has ${text.length} characters`);
    return { id: randomUUID(), hash: "recorded" };
  };
  return {
    ...actual,
    appendAudit,
    // As the real one: a failed write is not thrown (appendAudit noted it in `failures`).
    appendAuditSafely: async (entry) => {
      await appendAudit(entry).catch(() => {});
    },
  };
}
