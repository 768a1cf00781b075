/** The ejects area's data routes (app/api/approvals/): the URL each read asks for, built in one place. */

/** What waits for the user's decision, and what they decided. */
export const approvalsUrl = () => "/api/approvals";

/** The requester's own eject requests. */
export const myEjectRequestsUrl = () => "/api/approvals/mine";

/** How many requests wait for the user (the sidebar's count). */
export const approvalsWaitingUrl = () => "/api/approvals/waiting";
