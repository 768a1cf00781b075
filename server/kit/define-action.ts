import "server-only";
import { performance } from "node:perf_hooks";
import type { z } from "zod";
import type { ActionEnvelope } from "@/lib/cases/case-ref";
import type { ActionError, ActionResult } from "@/lib/shared/result";
import { appendAudit, appendAuditSafely, type AuditEntry } from "@/server/audit/append";
import { AuditTamperedError } from "@/server/audit/guard";
import { lastRecordedNote, type RefusalScope } from "@/server/audit/refusal-scopes";
import { refusalBudget } from "@/server/audit/refusals";
import { authorize, type Requirement } from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import { assertCaseGiven, parseEnvelope } from "@/server/cases/policy";
import { auditUnavailable, HTTP_STATUS, type RefusedPerson } from "@/server/errors";
import { logger } from "@/server/log";
import { actionDuration, measure } from "@/server/ops/metrics";
import { requestContext, type RequestContext } from "@/server/request-context";
import {
  currentExchange,
  PERSON_MAX_WAIT_MS,
  serverTimingHeader,
  withRequestTiming,
  type RequestTiming,
} from "@/server/request-timing";
import { declareAction } from "./action-registry";
import { MIN_ECHO_LENGTH, scrubEchoes } from "./echo-scrub";
import { secretValues, withoutSecretFields } from "./secret-fields";
import { toAppError } from "./to-app-error";
import { validationError } from "./validation-error";

export interface ActionContext extends RequestContext {
  user: StaffUser;
}

/** A top-level field of any shape the input can take (each option of a union). */
type FieldOf<T> = T extends unknown ? Extract<keyof T, string> : never;

/** Declare `admit` before `run` before `target`/`auditResult`: TypeScript infers the types left to right. */
interface ActionConfig<S extends z.ZodType, R, A> {
  /** Audit action name, e.g. "users.create". */
  action: string;
  permission: Requirement;
  /** Only the password change itself is open to a user who must still replace a generated password. */
  allowPendingPasswordChange?: boolean;
  /**
   * A read that must work while the audit chain is found broken and nothing can be recorded (Verify:
   * it is how an administrator learns what broke). It changes nothing, so it runs unrecorded then.
   */
  runsWhileChainBroken?: true;
  input: S;
  /** What the action acts on, for the audit record (a user id, a client id). */
  target?: (input: z.infer<S>, result?: NoInfer<R>) => string | null | undefined;
  /** What of the input the audit record keeps; secrets are redacted by name either way. */
  auditInput?: (input: z.infer<S>) => unknown;
  /**
   * The fields that hold a secret (a password and its repetitions): never on a record, even where
   * `auditInput` would keep them, and cut out of any message. Every action says; [] when none.
   */
  secretFields: readonly FieldOf<z.infer<S>>[];
  /** Extra facts about a success for the audit record (never a secret: "a key was issued", not the key). */
  auditResult?: (result: NoInfer<R>) => Record<string, unknown>;
  /**
   * A budget of the caller's that may refuse the call before the act is attempted (events they may
   * replay, wrong passwords they may try): its refusal is recorded and bounded as any refusal is,
   * with no intent, because nothing was tried. Runs after the input is parsed, before the intent;
   * what it returns, `run` gets as `admitted`.
   */
  admit?: (input: z.infer<S>, ctx: ActionContext) => Promise<A>;
  run: (input: z.infer<S>, ctx: ActionContext & { admitted: A }) => Promise<R>;
}

/**
 * The one shape of every server action: authorize(permission) → parse input with zod → the case
 * it is done for (an optional second argument, `{ caseRef }`: sealed on every record of the act)
 * → intent record → run → outcome record → typed result.
 *
 * The audit fails closed: the intent is written before anything reaches the upstream or the
 * database, and if it cannot be written the act does not happen and the user is told so. Refusals
 * (no session, wrong role, bad input, over a budget) are recorded too, a bounded number a minute per
 * person and action, or per address for callers who are not signed in, and past it counted
 * (server/audit/refusals.ts), so a flood of them neither holds other staff's acts behind the
 * chain's lock nor grows the log without bound: without the body for callers who are not signed
 * in; for input the schema refused, only the failing fields and their messages, never a value (any
 * field may hold a password typed in the wrong box). Raw upstream or database text never reaches
 * the browser; the full error goes to the server log under the request id.
 *
 * A person is waiting: an upstream call the shared rate limit would hold longer than
 * PERSON_MAX_WAIT_MS fails at once, and the result is RATE_LIMITED with `retryAfterSeconds`. The
 * time spent on the upstream and the rest are measured as for route handlers; a server action
 * cannot set response headers, so serve.mjs adds them as `Server-Timing` to the action's response.
 */
export function defineAction<S extends z.ZodType, R, A = undefined>(config: ActionConfig<S, R, A>) {
  const action = function action(raw: unknown, envelope?: ActionEnvelope): Promise<ActionResult<R>> {
    return withRequestTiming({ maxWaitMs: PERSON_MAX_WAIT_MS }, async (timing) => {
      const started = performance.now();
      const result = await perform(config, raw, envelope);
      reportTiming(timing);
      const outcome = result.ok ? "ok" : HTTP_STATUS[result.error.code] >= 500 ? "failed" : "refused";
      measure(() => actionDuration().observe({ action: config.action, outcome }, (performance.now() - started) / 1000));
      return result;
    });
  };
  declareAction(action, { action: config.action, input: config.input, secretFields: config.secretFields });
  return action;
}

/** For serve.mjs: the action's Server-Timing, written onto its HTTP response. */
function reportTiming(timing: RequestTiming) {
  const exchange = currentExchange();
  if (exchange) exchange.serverTiming = serverTimingHeader(timing);
}

async function perform<S extends z.ZodType, R, A>(
  config: ActionConfig<S, R, A>,
  raw: unknown,
  rawEnvelope: unknown,
): Promise<ActionResult<R>> {
  const ctx = await requestContext();
  let user: StaffUser | undefined;
  // The person a session named whom authorize refused (a role without the permission).
  let refused: RefusedPerson | undefined;
  let input: z.infer<S> | undefined;
  let intentId: string | null = null;
  let envelope: ActionEnvelope = {};
  const who = () => user ?? refused;
  const base = (): Pick<AuditEntry, "actor" | "action" | "requestId" | "ip" | "caseRef"> => ({
    actor: { id: who()?.id ?? null, email: who()?.email ?? null, role: who()?.role ?? null },
    action: config.action,
    requestId: ctx.requestId,
    ip: ctx.ip,
    caseRef: envelope.caseRef ?? null,
  });
  const keptInput = () => (input === undefined ? undefined : kept(config, input));

  try {
    user = await authorize(config.permission, { allowPendingPasswordChange: config.allowPendingPasswordChange });
    const parsed = config.input.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error, raw, config.input);
    input = parsed.data;
    // The case the act is done for (lib/cases): checked, and required where an administrator said so.
    envelope = parseEnvelope(rawEnvelope);
    await assertCaseGiven(config.action, envelope);
    const admitted = config.admit ? await config.admit(parsed.data, { ...ctx, user }) : (undefined as A);
    const target = config.target?.(parsed.data) ?? null;
    try {
      intentId = (await appendAudit({ ...base(), target, input: { input: keptInput() }, outcome: "intent" })).id;
    } catch (error) {
      if (!(config.runsWhileChainBroken && error instanceof AuditTamperedError)) throw auditUnavailable(error);
    }
    const data = await config.run(parsed.data, { ...ctx, user, admitted });
    if (intentId === null) return { ok: true, data };
    await recordSuccess(config, data, keptInput(), {
      ...base(),
      target: config.target?.(parsed.data, data) ?? target,
      intentId,
    });
    return { ok: true, data };
  } catch (caught) {
    const appError = toAppError(caught);
    if (!user && appError.code !== "UNAUTHENTICATED") refused = appError.person;
    // A message built from the input must not carry a secret back to the browser or onto the record.
    const secrets = secretValues(raw, config.secretFields).filter((s) => s.length >= MIN_ECHO_LENGTH);
    const say = (text: string) => scrubEchoes(text, secrets);
    if (["INTERNAL", "UPSTREAM", "UPSTREAM_UNAVAILABLE", "AUDIT_UNAVAILABLE"].includes(appError.code))
      logger.error(
        { err: caught, requestId: ctx.requestId, action: config.action, userId: who()?.id },
        "action failed",
      );
    else
      logger.info(
        { code: appError.code, requestId: ctx.requestId, action: config.action, userId: who()?.id },
        "action refused",
      );
    const error: ActionError = {
      code: appError.code,
      message: say(appError.userMessage),
      requestId: ctx.requestId,
      ...(appError.fields
        ? { fields: Object.fromEntries(Object.entries(appError.fields).map(([k, v]) => [say(k), say(v)])) }
        : {}),
      ...(appError.retryAfterSeconds !== undefined ? { retryAfterSeconds: appError.retryAfterSeconds } : {}),
      ...(appError.runs ? { runs: appError.runs } : {}),
      ...(appError.reason ? { reason: appError.reason } : {}),
    };
    const failure = { outcome: "error" as const, errorCode: error.code, errorMessage: error.message };
    if (intentId !== null) {
      // The act was attempted: its outcome joins the intent.
      await appendAuditSafely({
        ...base(),
        ...failure,
        target: input !== undefined ? (config.target?.(input) ?? null) : null,
        input: { input: keptInput() },
        intentId,
      });
    } else if (appError.code !== "AUDIT_UNAVAILABLE") {
      const person = who();
      const scope: RefusalScope = person
        ? { kind: "person", person: { id: person.id, email: person.email, role: person.role }, action: config.action }
        : { kind: "address", ip: ctx.ip };
      // Without its counter, a signed-in person's refusal is still recorded (as before there were
      // budgets); a stranger's is not, so an outage of the counter opens no door to a flood.
      const budget = await refusalBudget(scope).catch((err: unknown) => {
        logger.warn({ err, requestId: ctx.requestId, action: config.action }, "refusal budget unavailable");
        return scope.kind === "person" ? { record: true as const, last: false } : { record: false as const };
      });
      if (budget.record) {
        const note = budget.last ? { note: lastRecordedNote(scope) } : undefined;
        // A caller without a session leaves no body on the record: such calls cost nothing to send.
        const refusal =
          appError.code === "UNAUTHENTICATED"
            ? { target: null, input: note ?? null }
            : refusedBeforeAct(config, raw, error, note);
        await appendAuditSafely({ ...base(), ...failure, ...refusal });
      }
    }
    return { ok: false, error };
  }
}

/** What the audit keeps of accepted input: `auditInput`'s choice, without the declared secret fields. */
function kept<S extends z.ZodType, R, A>(config: ActionConfig<S, R, A>, input: z.infer<S>): unknown {
  return withoutSecretFields(config.auditInput ? config.auditInput(input) : input, config.secretFields);
}

/**
 * The record of a call refused before the act. Input the schema accepts (a role refused it) is kept
 * as accepted input would be; input it refuses only as `{ refused: { fields: { <path>: <message> } } }`,
 * scrubbed of anything the input said (./validation-error.ts).
 */
function refusedBeforeAct<S extends z.ZodType, R, A>(
  config: ActionConfig<S, R, A>,
  raw: unknown,
  error: ActionError,
  note?: { note: string },
): Pick<AuditEntry, "target" | "input"> {
  if (error.code === "VALIDATION" && error.fields)
    return { target: null, input: { refused: { fields: error.fields }, ...note } };
  const parsed = config.input.safeParse(raw);
  if (parsed.success)
    return { target: config.target?.(parsed.data) ?? null, input: { input: kept(config, parsed.data), ...note } };
  return {
    target: null,
    input: { refused: { fields: validationError(parsed.error, raw, config.input).fields }, ...note },
  };
}

/** The outcome of an act that happened: if this record fails, the intent already stands for it. */
async function recordSuccess<S extends z.ZodType, R, A>(
  config: ActionConfig<S, R, A>,
  data: R,
  kept: unknown,
  entry: Pick<AuditEntry, "actor" | "action" | "requestId" | "ip" | "target" | "intentId" | "caseRef">,
) {
  const result = config.auditResult ? config.auditResult(data) : undefined;
  try {
    await appendAudit({ ...entry, outcome: "ok", input: { input: kept, ...(result !== undefined ? { result } : {}) } });
  } catch (error) {
    logger.error({ err: error, action: entry.action, requestId: entry.requestId }, "audit outcome write failed");
    await appendAuditSafely({
      ...entry,
      outcome: "ok",
      input: { note: "The outcome's details could not be recorded." },
    });
  }
}
