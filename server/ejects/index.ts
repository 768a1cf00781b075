import "server-only";

export { createEjectRequest, listEjectRequests } from "./requests";
export { decideEjectRequest } from "./decide";
export { executeEjectRequest } from "./execute";
export { fetchEjectShares } from "./shares";
export { withdrawEjectRequest } from "./withdraw";
export { awaitingApproval, ejectSummaries } from "./inbox";
