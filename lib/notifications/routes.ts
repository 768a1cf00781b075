/** The notifications area's data route (app/api/notifications/): the settings, rules and last sends. */

export const notificationsUrl = () => "/api/notifications";
