"use client";
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { workingCase } from "@/components/cases/working-case";
import { announceSessionEnded } from "@/lib/auth/session-ended";
import type { ActionEnvelope } from "@/lib/cases/case-ref";
import { describeError, type ActionError, type ActionResult } from "@/lib/shared/result";

/** A refused action, carried through React Query's error channel. */
export class ActionFailure extends Error {
  constructor(readonly error: ActionError) {
    super(error.message);
  }
}

const UNREACHABLE: ActionError = {
  code: "UPSTREAM_UNAVAILABLE",
  message: "The request could not be sent. Check your connection and try again.",
};

export interface UseActionOptions<I, O> {
  /** After a success: update local state, close a dialog, start a download. */
  onSuccess?: (data: O, input: I) => void;
  /** After a refusal (not a session that ended): e.g. close a confirmation so the refusal shows where the act was asked for. */
  onError?: (error: ActionError, input: I) => void;
  /** A toast after a success. */
  successMessage?: string | ((data: O, input: I) => string);
  /** Queries whose data the action changed. */
  invalidate?: QueryKey[];
  /**
   * "inline": the form shows the message (`formError`) and field messages (`fieldErrors`);
   * "toast" (default): a toast, plus field messages if any.
   */
  errors?: "inline" | "toast";
  /**
   * The fields the form shows a message under (their names in the action's input). A refusal whose
   * every field message is shown there gets no form-level message or toast as well: one message
   * per problem. Messages for fields not listed still go to the form (or the toast).
   */
  fields?: readonly string[];
  /** The result holds a secret: copy what you need in onSuccess; no cache entry keeps it afterwards. */
  secret?: boolean;
}

/** What a refusal says above the form: undefined when each of its field messages is under a field the form shows. */
export function formMessage(error: ActionError, shown: readonly string[] | undefined): string | undefined {
  const fields = Object.entries(error.fields ?? {});
  if (!shown || fields.length === 0) return describeError(error);
  const elsewhere = fields.filter(([name]) => !shown.includes(name));
  if (elsewhere.length === 0) return undefined;
  if (elsewhere.length === fields.length) return describeError(error);
  const words = elsewhere.map(([name, message]) => (name === "input" ? message : `${name}: ${message}`)).join("; ");
  return describeError({ ...error, message: `Please check the form. ${words}` });
}

export interface ActionState<I, O> {
  run: (input: I) => void;
  pending: boolean;
  data: O | undefined;
  fieldErrors: Record<string, string>;
  formError: string | undefined;
  /** The last refusal as the server sent it (e.g. TOO_MANY_RUNS with the runs it names), until the next run. */
  error: ActionError | undefined;
  /** Forget the last result and every message (e.g. when a dialog closes). */
  reset: () => void;
}

type ActionHook = <I, O>(
  action: (input: I, envelope?: ActionEnvelope) => Promise<ActionResult<O>>,
  options?: UseActionOptions<I, O>,
) => ActionState<I, O>;

const NO_FIELD_ERRORS: Record<string, string> = Object.freeze({});
const idle = () => undefined;

/**
 * On the server an action never runs: a page's HTML is drawn once, with every action idle, which is what the
 * browser's first render shows too (so hydration finds the same markup). Each `useAction` there cost a
 * mutation observer and three state hooks per render (a webhook's events page draws ten).
 */
const useIdleAction: ActionHook = () => ({
  run: idle,
  pending: false,
  data: undefined,
  fieldErrors: NO_FIELD_ERRORS,
  formError: undefined,
  error: undefined,
  reset: idle,
});

/**
 * The one way a component calls a server action: a React Query mutation whose `ActionResult` is
 * turned into a success (toast, invalidations) or into messages the user can act on (per field,
 * in the form, or in a toast). A session that ended sends the user to sign in. On the server it is
 * idle (above); the environment never changes within a process, so each keeps one order of hooks.
 */
export const useAction: ActionHook = typeof window === "undefined" ? useIdleAction : useLiveAction;

function useLiveAction<I, O>(
  action: (input: I, envelope?: ActionEnvelope) => Promise<ActionResult<O>>,
  options: UseActionOptions<I, O> = {},
): ActionState<I, O> {
  const queryClient = useQueryClient();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [error, setError] = useState<ActionError>();
  const mutation = useMutation<O, ActionFailure, I>({
    mutationFn: async (input) => {
      // Every act carries the case the person is working on (components/cases), recorded with it.
      const caseRef = workingCase();
      const result = await action(input, caseRef ? { caseRef } : undefined).catch((): ActionResult<O> => ({
        ok: false,
        error: UNREACHABLE,
      }));
      if (!result.ok) throw new ActionFailure(result.error);
      return result.data;
    },
    gcTime: options.secret ? 0 : undefined,
    onMutate: () => {
      setFieldErrors({});
      setFormError(undefined);
      setError(undefined);
    },
    onSuccess: (data, input) => {
      options.onSuccess?.(data, input);
      const message =
        typeof options.successMessage === "function" ? options.successMessage(data, input) : options.successMessage;
      if (message) toast.success(message);
      for (const key of options.invalidate ?? []) void queryClient.invalidateQueries({ queryKey: key });
      if (options.secret) mutation.reset();
    },
    onError: (failure, input) => {
      const error = failure instanceof ActionFailure ? failure.error : UNREACHABLE;
      // The page says so and offers to sign in again (components/auth/session-watch.tsx); what was typed
      // stays, and the form (or a dialog over the page) says it too, below.
      if (error.code === "UNAUTHENTICATED") announceSessionEnded(error.reason);
      setFieldErrors(error.fields ?? {});
      setError(error);
      // Undefined when every message is under its field already.
      const message = formMessage(error, options.fields);
      if (message !== undefined && options.errors === "inline") setFormError(message);
      else if (message !== undefined) toast.error(message);
      options.onError?.(error, input);
    },
  });
  return {
    run: (input: I) => mutation.mutate(input),
    pending: mutation.isPending,
    data: mutation.data,
    fieldErrors,
    formError,
    error,
    reset: () => {
      mutation.reset();
      setFieldErrors({});
      setFormError(undefined);
      setError(undefined);
    },
  };
}
