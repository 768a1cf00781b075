/**
 * What the audit filters offer before anything is in the log: every action the console records
 * and every error code it writes. The facets route adds whatever else the log holds (an action
 * added later, a code from an older version), so a list never hides what is there.
 */
import type { ErrorCode } from "../shared/result";

/** Areas in the order the action list shows them; an area not named here comes after, A–Z. */
export const AUDIT_AREAS = [
  "auth",
  "users",
  "clients",
  "credentials",
  "transfers",
  "lab",
  "eject",
  "alerts",
  "views",
  "yield",
  "audit",
  "account",
  "jobs",
  "cases",
  "notifications",
] as const;

/** Every action the console writes (a test checks the sources against this list). */
export const KNOWN_AUDIT_ACTIONS = [
  "auth.sign-in",
  "auth.sign-in-failed",
  "auth.sign-out",
  "users.bootstrap",
  "users.create",
  "users.update",
  "users.reset-password",
  "clients.create",
  "clients.create-test",
  "clients.set-up-test",
  "clients.find-address",
  "credentials.session-token",
  "credentials.web-otp",
  "transfers.build",
  "lab.generate",
  "lab.backup",
  "lab.recover",
  "lab.sign-message",
  "lab.raw-sign",
  "lab.send",
  "eject.request",
  "eject.approve",
  "eject.reject",
  "eject.execute",
  "eject.fetch-shares",
  "eject.withdraw",
  "alerts.replay",
  "alerts.legacy-format",
  "alerts.legacy-retry-block",
  "alerts.export-start",
  "alerts.export",
  "alerts.replay-all-preview",
  "alerts.replay-all-start",
  "alerts.replay-all",
  "alerts.schedule-create",
  "alerts.schedule-stop",
  "alerts.replay-all-batch",
  "alerts.replay-receipts",
  "yield.preview",
  "yield.start",
  "yield.retry",
  "yield.abandon",
  "yield.sign",
  "yield.report",
  "yield.confirm",
  "yield.run",
  "views.save",
  "views.delete",
  "audit.verify",
  "audit.export-start",
  "audit.export",
  "audit.checkpoint",
  "audit.refusals-counted",
  "account.change-password",
  "jobs.cancel",
  "cases.require",
  "cases.bundle",
  "notifications.destination",
  "notifications.new-signing-secret",
  "notifications.rule",
  "notifications.test",
  "notifications.check",
] as const;

type KnownAuditAction = (typeof KNOWN_AUDIT_ACTIONS)[number];

/**
 * Each known action in the words a person reads (the overview's latest records, the record's
 * drawer): what happened, not the code the log and its filters use. The type makes a label for every
 * known action a compile error to forget.
 */
const AUDIT_ACTION_LABELS: Record<KnownAuditAction, string> = {
  "auth.sign-in": "Signed in",
  "auth.sign-in-failed": "Sign-in refused",
  "auth.sign-out": "Signed out",
  "users.bootstrap": "First admin created",
  "users.create": "User added",
  "users.update": "User changed",
  "users.reset-password": "Password reset by an admin",
  "cases.require": "Case requirement changed",
  "cases.bundle": "Case bundle downloaded",
  "notifications.destination": "Notification destination changed",
  "notifications.new-signing-secret": "Notification signing secret replaced",
  "notifications.rule": "Notification rule changed",
  "notifications.test": "Test notification sent",
  "notifications.check": "Notification rules checked",
  "clients.create": "Client created",
  "clients.create-test": "Test client created",
  "clients.set-up-test": "Test client set up",
  "clients.find-address": "Client looked up by address",
  "credentials.session-token": "Session token issued",
  "credentials.web-otp": "Web OTP issued",
  "transfers.build": "Unsigned transfer built",
  "lab.generate": "Wallets generated",
  "lab.backup": "Wallets backed up",
  "lab.recover": "Signing shares recovered",
  "lab.sign-message": "Message signed",
  "lab.raw-sign": "Digest signed raw",
  "lab.send": "Sent from the wallet lab",
  "eject.request": "Eject requested",
  "eject.approve": "Eject approved",
  "eject.reject": "Eject rejected",
  "eject.execute": "Eject window opened",
  "eject.fetch-shares": "Backup shares downloaded",
  "eject.withdraw": "Eject request withdrawn",
  "alerts.replay": "Alert delivery replayed",
  "alerts.legacy-format": "Alert formatted (legacy endpoint)",
  "alerts.legacy-retry-block": "Alerts of a block retried (legacy endpoint)",
  "alerts.export-start": "Events export started",
  "alerts.export": "Events exported",
  "alerts.replay-all-preview": "Bulk replay previewed",
  "alerts.replay-all-start": "Bulk replay started",
  "alerts.replay-all": "Bulk replay finished",
  "alerts.replay-all-batch": "Bulk replay batch sent",
  "alerts.replay-receipts": "Bulk replay receipts closed",
  "alerts.schedule-create": "Export schedule saved",
  "alerts.schedule-stop": "Export schedule stopped",
  "yield.preview": "Yield action previewed",
  "yield.start": "Yield run started",
  "yield.retry": "Yield run retried",
  "yield.abandon": "Yield run abandoned",
  "yield.sign": "Yield step signed",
  "yield.report": "Yield step reported to the provider",
  "yield.confirm": "Yield step confirmed on chain",
  "yield.run": "Yield run ended",
  "views.save": "Saved view stored",
  "views.delete": "Saved view deleted",
  "audit.verify": "Audit chain verified",
  "audit.export-start": "Audit export started",
  "audit.export": "Audit log exported",
  "audit.checkpoint": "Audit checkpoint signed",
  "audit.refusals-counted": "Refused calls counted",
  "account.change-password": "Own password changed",
  "jobs.cancel": "Job cancelled",
};

/** An action in words; one the console does not know (a newer version's) as its code. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as KnownAuditAction] : action;
}

/** The codes of refused or failed actions and route calls (lib/shared/result.ts). */
const ACTION_ERROR_CODES = [
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "VALIDATION",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "TOO_MANY_RUNS",
  "UPSTREAM",
  "UPSTREAM_UNAVAILABLE",
  "AUDIT_UNAVAILABLE",
  "INTERNAL",
] as const satisfies readonly ErrorCode[];

/** Codes no record can hold: CROSS_SITE is answered before anything is done or recorded. */
type NeverRecorded = "CROSS_SITE";

// Fails to compile when lib/shared/result.ts gains a code this list does not offer.
const everyErrorCodeListed: [Exclude<ErrorCode, (typeof ACTION_ERROR_CODES)[number] | NeverRecorded>] extends [never]
  ? true
  : never = true;
void everyErrorCodeListed;

/** The codes of refused sign-ins: password (server/auth/credentials.ts) and SSO (server/auth/sso.ts). */
const SIGN_IN_ERROR_CODES = [
  "INVALID_CREDENTIALS",
  "LOCKED",
  "DISABLED",
  "UNAVAILABLE",
  "NO_ROLE",
  "EMAIL_UNVERIFIED",
  "EMAIL_TAKEN",
  "NO_SUBJECT",
] as const;

export const KNOWN_ERROR_CODES: readonly string[] = [...ACTION_ERROR_CODES, ...SIGN_IN_ERROR_CODES];

export const areaOf = (action: string) => action.split(".", 1)[0] ?? action;

export interface ActionGroup {
  area: string;
  /** The prefix filter for the whole area ("auth."). */
  prefix: string;
  actions: string[];
}

/** Actions grouped by area, areas in AUDIT_AREAS order then A–Z, actions A–Z within an area. */
export function groupActions(actions: Iterable<string>): ActionGroup[] {
  const byArea = new Map<string, Set<string>>();
  for (const action of actions) {
    const area = areaOf(action);
    if (!area) continue;
    const set = byArea.get(area) ?? new Set<string>();
    set.add(action);
    byArea.set(area, set);
  }
  const rank = (area: string) => {
    const i = (AUDIT_AREAS as readonly string[]).indexOf(area);
    return i === -1 ? AUDIT_AREAS.length : i;
  };
  return [...byArea.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([area, set]) => ({ area, prefix: `${area}.`, actions: [...set].sort((a, b) => a.localeCompare(b)) }));
}

/** Sorted, without duplicates: the known list with what the log holds. */
export function mergeFacet(known: readonly string[], fromLog: readonly string[]): string[] {
  return [...new Set([...known, ...fromLog])].sort((a, b) => a.localeCompare(b));
}
