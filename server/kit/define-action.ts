import "server-only";
import type { z } from "zod";
import type { ActionError, ActionResult } from "@/lib/result";
import type { Permission } from "@/lib/permissions";
import { appendAudit } from "@/server/audit/append";
import { authorize } from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import { AppError } from "@/server/errors";
import { logger } from "@/server/log";
import { requestContext, type RequestContext } from "@/server/request-context";
import { toAppError } from "./to-app-error";

export interface ActionContext extends RequestContext {
  user: StaffUser;
}

/** Declare `run` before `target`/`auditResult`: TypeScript infers the result type left to right. */
interface ActionConfig<S extends z.ZodType, R> {
  /** Audit action name, e.g. "users.create". */
  action: string;
  permission: Permission;
  input: S;
  /** What the action acts on, for the audit record (a user id, a client id). */
  target?: (input: z.infer<S>, result?: NoInfer<R>) => string | null | undefined;
  /** What of the input the audit record keeps; secrets are redacted by name either way. */
  auditInput?: (input: z.infer<S>) => unknown;
  /** Extra facts about a success for the audit record (never a secret: "a key was issued", not the key). */
  auditResult?: (result: NoInfer<R>) => Record<string, unknown>;
  run: (input: z.infer<S>, ctx: ActionContext) => Promise<R>;
}

/**
 * The one shape of every server action: authorize(permission) → parse input with zod → run →
 * audit record (success or failure) → typed result. Raw upstream or database text never reaches
 * the browser; the full error goes to the server log under the request id.
 */
export function defineAction<S extends z.ZodType, R>(config: ActionConfig<S, R>) {
  return async function action(raw: unknown): Promise<ActionResult<R>> {
    const ctx = await requestContext();
    let user: StaffUser | undefined;
    let input: z.infer<S> | undefined;
    const audit = async (outcome: "ok" | "error", extra: { result?: R; error?: ActionError }) => {
      try {
        await appendAudit({
          actor: { id: user?.id ?? null, email: user?.email ?? null, role: user?.role ?? null },
          action: config.action,
          target: input !== undefined ? (config.target?.(input, extra.result) ?? null) : null,
          input: {
            ...(input !== undefined
              ? { input: config.auditInput ? config.auditInput(input) : input }
              : { rejectedInput: raw }),
            ...(extra.result !== undefined && config.auditResult ? { result: config.auditResult(extra.result) } : {}),
          },
          outcome,
          errorCode: extra.error?.code ?? null,
          errorMessage: extra.error?.message ?? null,
          requestId: ctx.requestId,
          ip: ctx.ip,
        });
      } catch (error) {
        logger.error({ err: error, requestId: ctx.requestId, action: config.action }, "audit write failed");
      }
    };

    try {
      user = await authorize(config.permission);
      const parsed = config.input.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error);
      input = parsed.data;
      const data = await config.run(parsed.data, { ...ctx, user });
      await audit("ok", { result: data });
      return { ok: true, data };
    } catch (caught) {
      const appError = toAppError(caught);
      if (appError.code === "INTERNAL" || appError.code === "UPSTREAM" || appError.code === "UPSTREAM_UNAVAILABLE")
        logger.error(
          { err: caught, requestId: ctx.requestId, action: config.action, userId: user?.id },
          "action failed",
        );
      else
        logger.info(
          { code: appError.code, requestId: ctx.requestId, action: config.action, userId: user?.id },
          "action refused",
        );
      const error: ActionError = {
        code: appError.code,
        message: appError.userMessage,
        requestId: ctx.requestId,
        ...(appError.fields ? { fields: appError.fields } : {}),
      };
      await audit("error", { error });
      return { ok: false, error };
    }
  };
}

export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "input";
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  const summary = first ? (first[0] === "input" ? first[1] : `${first[0]}: ${first[1]}`) : "The input is not valid.";
  return new AppError("VALIDATION", `Please check the form. ${summary}`, fields);
}
