export { createMpcApp } from "./app";
export { KeyStore, openKeyStore } from "./key-store";
