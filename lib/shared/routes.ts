/** The data routes several areas share (app/api/saved-views/). */

/** The user's saved filter views of one scope ("alerts.events"). */
export const savedViewsUrl = (scope: string) => `/api/saved-views?scope=${scope}`;
