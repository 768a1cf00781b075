export { vaultDelete, vaultGet, vaultGetText, vaultPut, vaultPutIfAbsent, vaultSubjects, rotateVault } from "./store";
export type { RotationReport, VaultAddress } from "./store";
export { VaultError } from "./envelope";
