export {
  vaultDelete,
  vaultGet,
  vaultGetText,
  vaultPut,
  vaultPutIfAbsent,
  vaultSubjects,
  vaultAll,
  rotateVault,
} from "./store";
export { VaultError } from "./envelope";
