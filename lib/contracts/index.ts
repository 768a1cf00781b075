/**
 * The wire contracts of the Wallet Infrastructure API: zod schemas of every request and response,
 * the endpoint registry, and the OpenAPI document built from it. Shared by the console's upstream
 * clients and the sandbox; pure, so it is safe in any bundle.
 */
export * from "./common";
export * from "./errors";
export * from "./clients";
export * from "./assets";
export * from "./eject";
export * from "./alerts";
export * from "./gas";
export * from "./deprecated";
export * from "./mpc";
export * from "./yield";
export * from "./endpoints";
export * from "./openapi";
