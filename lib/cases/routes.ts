/** The cases area's data routes (app/api/cases/). */

export const caseRequirementsUrl = () => "/api/cases/requirements";
