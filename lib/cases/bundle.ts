/** A case bundle (server/cases/bundle.ts) as the verify page and `npm run verify-export` recognize it. */
export const CASE_BUNDLE_FORMAT = "custodian-console.case-bundle/v1";

/** More than this is an audit export filtered by case, not a bundle made while the person waits. */
export const CASE_BUNDLE_MAX_RECORDS = 10_000;
