/**
 * A case reference: the ticket an act was done for, as staff name it. Either a ticket id, in the
 * two shapes ticket systems use (a project key and a number, `ABC-123`; a prefix and a zero-padded
 * number, `INC0012345`), or an https link to the ticket on a host the administrator allowed
 * (CONSOLE_CASE_URL_HOSTS). Normalized so one case reads one way on every record: ids in upper case,
 * links as the URL standard serializes them. Isomorphic and without zod (the shell and the audit
 * page's URL read it): the schemas are ./schemas.ts.
 */
export const CASE_REF_MAX = 300;

const TICKET_KEY = /^[A-Z][A-Z0-9_]{0,15}-[0-9]{1,10}$/;
const TICKET_NUMBER = /^[A-Z]{2,10}[0-9]{3,12}$/;

export type CaseRefCheck = { ok: true; value: string } | { ok: false; message: string };

/** Host names as configured: lower case, no port, no empty entries. */
export function caseHosts(list: string | undefined): string[] {
  return (list ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Reads a case reference. `allowedHosts` "any" is for looking a case up (the audit filter): a link to
 * any host may name a case recorded before the hosts changed; what is recorded is always checked.
 */
export function checkCaseRef(text: string, allowedHosts: readonly string[] | "any"): CaseRefCheck {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: "Give a ticket id (e.g. ABC-123) or a ticket link." };
  if (trimmed.length > CASE_REF_MAX) return { ok: false, message: `At most ${CASE_REF_MAX} characters.` };
  const upper = trimmed.toUpperCase();
  if (TICKET_KEY.test(upper) || TICKET_NUMBER.test(upper)) return { ok: true, value: upper };
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed))
    return { ok: false, message: "Not a ticket id: use a key and a number (ABC-123, INC0012345) or a ticket link." };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: "Not a valid link." };
  }
  if (url.protocol !== "https:") return { ok: false, message: "A ticket link must use https." };
  if (url.username || url.password)
    return { ok: false, message: "A ticket link may not hold a user name or password." };
  if (url.port) return { ok: false, message: "A ticket link may not name a port." };
  if (allowedHosts !== "any" && allowedHosts.length === 0)
    return { ok: false, message: "Ticket links are not enabled here (CONSOLE_CASE_URL_HOSTS); give the ticket id." };
  if (allowedHosts !== "any" && !allowedHosts.includes(url.hostname))
    // The message never repeats what was typed: a refused value may be a secret pasted in the wrong box.
    return { ok: false, message: `Links to that host are not allowed; allowed: ${allowedHosts.join(", ")}.` };
  url.hash = "";
  return { ok: true, value: url.href };
}

export interface ActionEnvelope {
  caseRef?: string;
}
