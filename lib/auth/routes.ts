/** The session's routes (app/api/session/, next-auth's app/api/auth/): what the shell asks of the session. */

/** next-auth's session: reading it re-issues the cookie, so it keeps an active session alive. */
export const authSessionUrl = () => "/api/auth/session";

/** Whether the session still holds, and why it ended (renews nothing). */
export const sessionUrl = () => "/api/session";
