export type { RowSource, TransferRequest, TransferSummary } from "./types";
export { summarizeBitcoin } from "./bitcoin";
export { summarizeEvm } from "./evm";
export { summarizeSolana } from "./solana";
