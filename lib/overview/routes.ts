/** The overview's data routes (app/api/overview/): the URL each card reads, built in one place. */

/** How many clients the custodian has. */
export const overviewClientsUrl = () => "/api/overview/clients";

/** Gas sponsored this month, per chain. */
export const overviewGasUrl = () => "/api/overview/gas";
