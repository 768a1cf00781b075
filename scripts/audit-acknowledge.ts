/**
 * `npm run audit:acknowledge -- --reason "<why>" [--operator <who>] [--confirm]`: when Verify finds the
 * audit chain damaged outside the console (and the console therefore refuses new acts), records each
 * finding as a sealed acknowledgement so the console can go on, with the damage on record for good
 * (server/audit/acknowledge.ts). Without --confirm it only prints what Verify finds. Needs the same
 * environment as the console (DATABASE_URL, CONSOLE_VAULT_KEY, CONSOLE_CHECKPOINT_DIR).
 */
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { acknowledgeBreaks } from "@/server/audit/acknowledge";
import { verifyChain } from "@/server/audit/verify";
import { getDbHandle } from "@/server/db";

const { values } = parseArgs({
  options: { reason: { type: "string" }, operator: { type: "string" }, confirm: { type: "boolean" } },
});
const handle = await getDbHandle();
try {
  const verdict = await verifyChain(handle.db);
  if (verdict.ok) {
    process.stdout.write(`The audit chain verifies (${verdict.count} records): nothing to acknowledge.\n`);
  } else {
    process.stdout.write(`Verify finds: ${verdict.message}\n`);
    if (!values.confirm || !values.reason?.trim()) {
      process.stdout.write(
        'Nothing written. To record this and let the console go on: npm run audit:acknowledge -- --reason "<ticket, what happened>" --confirm\n',
      );
      process.exitCode = values.confirm ? 1 : 0;
    } else {
      const operator = values.operator ?? `${userInfo().username} (command line)`;
      const done = await acknowledgeBreaks(handle.db, { reason: values.reason.trim(), operator });
      for (const a of done.acknowledged) process.stdout.write(`Acknowledged as record #${a.seq}: ${a.finding}\n`);
      process.stdout.write(
        done.verdict.ok
          ? `The chain verifies again (${done.verdict.count} records, ${done.acknowledged.length} acknowledged break(s)).\n`
          : `Still not verifying: ${done.verdict.message}\n`,
      );
      if (!done.verdict.ok) process.exitCode = 1;
    }
  }
} catch (error) {
  process.stderr.write(`Stopped: ${error instanceof Error ? error.message : "unknown error"}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
