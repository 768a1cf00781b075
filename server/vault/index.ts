export { vaultDelete, vaultGet, vaultGetText, vaultPut, vaultPutIfAbsent, vaultSubjects, rotateVault } from "./store";
export { VaultError } from "./envelope";
