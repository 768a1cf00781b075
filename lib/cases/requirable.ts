/**
 * The sensitive acts an administrator may require a case reference for, in the order the setting
 * lists them. Any action takes a case; these are the ones a policy typically demands it for.
 */
export const CASE_REQUIRABLE = [
  { action: "credentials.session-token", label: "Mint a client session token" },
  { action: "credentials.web-otp", label: "Issue a web one-time password" },
  { action: "eject.request", label: "Request a key ejection" },
  { action: "eject.approve", label: "Approve a key ejection" },
  { action: "eject.reject", label: "Refuse a key ejection" },
  { action: "eject.execute", label: "Open an eject window" },
  { action: "eject.fetch-shares", label: "Download ejected backup shares" },
  { action: "alerts.replay", label: "Replay alert deliveries" },
  { action: "alerts.replay-all-start", label: "Replay every failed delivery" },
  { action: "alerts.export-start", label: "Export alert events" },
  { action: "alerts.schedule-create", label: "Schedule alert exports" },
  { action: "audit.export-start", label: "Export the audit log" },
  { action: "audit.checkpoint", label: "Make an audit checkpoint" },
  { action: "users.create", label: "Create a staff account" },
  { action: "users.update", label: "Change a staff member's role or access" },
  { action: "users.reset-password", label: "Reset a staff member's password" },
] as const;

export type RequirableAction = (typeof CASE_REQUIRABLE)[number]["action"];

export const REQUIRABLE_ACTIONS = CASE_REQUIRABLE.map((a) => a.action) as [RequirableAction, ...RequirableAction[]];
