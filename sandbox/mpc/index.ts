export { createMpcApp, type MpcAppOptions } from "./app";
export { KeyStore, openKeyStore } from "./key-store";
export { generateWallets, backupWallets, recoverWallets, namespacesOf, type WalletDeps } from "./wallets";
export { MpcError } from "./errors";
