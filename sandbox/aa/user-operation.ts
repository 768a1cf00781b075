/**
 * ERC-4337 user operations (EntryPoint v0.6 layout) as the sandbox builds, hashes and encodes them,
 * and their JSON-RPC form (hex quantities), as bundler RPC methods take and return them.
 */
import {
  type Address,
  type Hex,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  isAddress,
  isHex,
  keccak256,
  toHex,
} from "viem";

export interface UserOperation {
  sender: Address;
  nonce: bigint;
  initCode: Hex;
  callData: Hex;
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  paymasterAndData: Hex;
  signature: Hex;
}

const userOperationComponents = [
  { name: "sender", type: "address" },
  { name: "nonce", type: "uint256" },
  { name: "initCode", type: "bytes" },
  { name: "callData", type: "bytes" },
  { name: "callGasLimit", type: "uint256" },
  { name: "verificationGasLimit", type: "uint256" },
  { name: "preVerificationGas", type: "uint256" },
  { name: "maxFeePerGas", type: "uint256" },
  { name: "maxPriorityFeePerGas", type: "uint256" },
  { name: "paymasterAndData", type: "bytes" },
  { name: "signature", type: "bytes" },
] as const;

/** The parts of SandboxEntryPoint's and SmartAccount's ABIs the sandbox calls or decodes. */
export const entryPointAbi = [
  {
    type: "function",
    name: "handleOps",
    stateMutability: "nonpayable",
    inputs: [
      { name: "ops", type: "tuple[]", components: userOperationComponents },
      { name: "beneficiary", type: "address" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "getNonce",
    stateMutability: "view",
    inputs: [
      { name: "sender", type: "address" },
      { name: "key", type: "uint192" },
    ],
    outputs: [{ name: "", type: "uint256" }],
  },
  {
    type: "function",
    name: "getUserOpHash",
    stateMutability: "view",
    inputs: [{ name: "op", type: "tuple", components: userOperationComponents }],
    outputs: [{ name: "", type: "bytes32" }],
  },
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ name: "account", type: "address" }],
    outputs: [{ name: "", type: "uint256" }],
  },
  {
    type: "event",
    name: "UserOperationEvent",
    inputs: [
      { name: "userOpHash", type: "bytes32", indexed: true },
      { name: "sender", type: "address", indexed: true },
      { name: "paymaster", type: "address", indexed: true },
      { name: "nonce", type: "uint256", indexed: false },
      { name: "success", type: "bool", indexed: false },
      { name: "actualGasCost", type: "uint256", indexed: false },
      { name: "actualGasUsed", type: "uint256", indexed: false },
    ],
  },
  {
    type: "event",
    name: "UserOperationRevertReason",
    inputs: [
      { name: "userOpHash", type: "bytes32", indexed: true },
      { name: "sender", type: "address", indexed: true },
      { name: "nonce", type: "uint256", indexed: false },
      { name: "revertReason", type: "bytes", indexed: false },
    ],
  },
] as const;

export const smartAccountAbi = [
  {
    type: "function",
    name: "execute",
    stateMutability: "nonpayable",
    inputs: [
      { name: "dest", type: "address" },
      { name: "value", type: "uint256" },
      { name: "func", type: "bytes" },
    ],
    outputs: [],
  },
] as const;

export const accountFactoryAbi = [
  {
    type: "function",
    name: "createAccount",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "account", type: "address" }],
  },
] as const;

/** The ERC-4337 user operation hash: keccak256(abi.encode(keccak256(pack(op)), entryPoint, chainId)). */
export function userOperationHash(op: UserOperation, entryPoint: Address, chainId: number): Hex {
  const packed = keccak256(
    encodeAbiParameters(
      [
        { type: "address" },
        { type: "uint256" },
        { type: "bytes32" },
        { type: "bytes32" },
        { type: "uint256" },
        { type: "uint256" },
        { type: "uint256" },
        { type: "uint256" },
        { type: "uint256" },
        { type: "bytes32" },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(op.initCode),
        keccak256(op.callData),
        op.callGasLimit,
        op.verificationGasLimit,
        op.preVerificationGas,
        op.maxFeePerGas,
        op.maxPriorityFeePerGas,
        keccak256(op.paymasterAndData),
      ],
    ),
  );
  return keccak256(
    encodeAbiParameters(
      [{ type: "bytes32" }, { type: "address" }, { type: "uint256" }],
      [packed, entryPoint, BigInt(chainId)],
    ),
  );
}

export function encodeHandleOps(ops: readonly UserOperation[], beneficiary: Address): Hex {
  return encodeFunctionData({ abi: entryPointAbi, functionName: "handleOps", args: [ops, beneficiary] });
}

/** The operations of a handleOps transaction's input, or undefined if the input is not handleOps. */
export function decodeHandleOps(input: Hex): UserOperation[] | undefined {
  try {
    const decoded = decodeFunctionData({ abi: entryPointAbi, data: input });
    return decoded.functionName === "handleOps"
      ? (decoded.args[0] as readonly UserOperation[]).map((op) => ({ ...op }))
      : undefined;
  } catch {
    return undefined;
  }
}

/** The call a smart account's `execute(dest, value, func)` makes, or undefined for other call data. */
export function decodeExecute(callData: Hex): { to: Address; value: bigint; data: Hex } | undefined {
  try {
    const decoded = decodeFunctionData({ abi: smartAccountAbi, data: callData });
    const [to, value, data] = decoded.args;
    return { to: getAddress(to), value, data };
  } catch {
    return undefined;
  }
}

export type RpcUserOperation = Record<keyof UserOperation, Hex>;

/** The JSON-RPC form (every quantity a hex string), as eth_sendUserOperation and eth_getUserOperationByHash carry it. */
export function toRpcUserOperation(op: UserOperation): RpcUserOperation {
  return {
    sender: op.sender,
    nonce: toHex(op.nonce),
    initCode: op.initCode,
    callData: op.callData,
    callGasLimit: toHex(op.callGasLimit),
    verificationGasLimit: toHex(op.verificationGasLimit),
    preVerificationGas: toHex(op.preVerificationGas),
    maxFeePerGas: toHex(op.maxFeePerGas),
    maxPriorityFeePerGas: toHex(op.maxPriorityFeePerGas),
    paymasterAndData: op.paymasterAndData,
    signature: op.signature,
  };
}

/** Parses the JSON-RPC form; throws an Error naming the first bad field. */
export function fromRpcUserOperation(value: unknown): UserOperation {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new Error("expected a user operation object");
  const o = value as Record<string, unknown>;
  const bytes = (name: string): Hex => {
    const v = o[name] ?? "0x";
    if (typeof v !== "string" || !isHex(v) || v.length % 2 !== 0)
      throw new Error(`${name} must be 0x-prefixed hex bytes`);
    return v;
  };
  const quantity = (name: string): bigint => {
    const v = o[name];
    if (typeof v !== "string" || !/^0x[0-9a-fA-F]+$/.test(v)) throw new Error(`${name} must be a hex quantity`);
    return BigInt(v);
  };
  if (typeof o.sender !== "string" || !isAddress(o.sender, { strict: false }))
    throw new Error("sender must be an address");
  return {
    sender: getAddress(o.sender),
    nonce: quantity("nonce"),
    initCode: bytes("initCode"),
    callData: bytes("callData"),
    callGasLimit: quantity("callGasLimit"),
    verificationGasLimit: quantity("verificationGasLimit"),
    preVerificationGas: quantity("preVerificationGas"),
    maxFeePerGas: quantity("maxFeePerGas"),
    maxPriorityFeePerGas: quantity("maxPriorityFeePerGas"),
    paymasterAndData: bytes("paymasterAndData"),
    signature: bytes("signature"),
  };
}
