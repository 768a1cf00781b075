/** The lab area's data route (app/api/test-clients/): the console's test clients. */

export const testClientsUrl = () => "/api/test-clients";
