/** Every seeded value derives from this: the same data on every machine and every start. */
export const SANDBOX_SEED = "custodian-console-sandbox-v1";
