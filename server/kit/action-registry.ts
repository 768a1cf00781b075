import "server-only";
import type { z } from "zod";

/**
 * What each server action declared to defineAction, kept beside the function it made, for the
 * checks that go over every action without a hand-kept list: the bad-input property tests
 * (testing/kit/entry-points.ts) and the canary plan of the secret scan (scripts/canaries/plan.ts).
 */
export interface ActionDeclaration {
  /** Audit action name, e.g. "users.create". */
  action: string;
  input: z.ZodType;
  secretFields: readonly string[];
}

const declared = new WeakMap<object, ActionDeclaration>();

export function declareAction(action: object, declaration: ActionDeclaration): void {
  declared.set(action, declaration);
}

export function actionDeclaration(action: unknown): ActionDeclaration | undefined {
  return typeof action === "function" ? declared.get(action) : undefined;
}
