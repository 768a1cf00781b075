/** The ejects area's data routes (app/api/approvals/, app/api/ejects/): the URL each read asks for, built in one place. */

/** What waits for the user's decision, and what they decided. */
export const approvalsUrl = () => "/api/approvals";

/** The requester's own eject requests. */
export const myEjectRequestsUrl = () => "/api/approvals/mine";

/** How many requests wait for the user (the sidebar's count). */
export const approvalsWaitingUrl = () => "/api/approvals/waiting";

/** The signed evidence pack of a completed ejection, as a file download. */
export const ejectEvidenceUrl = (requestId: string) => `/api/ejects/${encodeURIComponent(requestId)}/evidence`;
