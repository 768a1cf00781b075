/**
 * Realistic example bodies in the shapes of api-shapes.md, for tests on both sides (contract
 * tests, upstream client tests, sandbox conformance). Values are made up; none is a real secret.
 * Not exported from index.ts, so it never reaches a bundle.
 */
import { BITCOIN_TESTNET_P2WPKH } from "@/lib/chains";

const wallet = (id: string, curve: "SECP256K1" | "ED25519") => ({
  id,
  createdAt: "2024-04-16T21:15:45.144Z",
  curve,
  publicKey:
    curve === "SECP256K1"
      ? '{"X":"5138710339206011437","Y":"8849126001278351201"}'
      : '{"X":"3b6a27bcceb6a42d62a3a8d02a6f0d73"}',
  ejectableUntil: null,
  backupSharePairs: [
    { id: `${id}-bsp1`, createdAt: "2024-04-16T21:16:48.723Z", backupMethod: "PASSWORD", status: "completed" },
    { id: `${id}-bsp2`, createdAt: "2024-04-16T21:17:02.074Z", backupMethod: "GDRIVE", status: "incomplete" },
  ],
  signingSharePairs: [{ id: `${id}-ssp1`, createdAt: "2024-04-16T21:15:45.151Z", status: "completed" }],
});

export const clientFixture = {
  id: "clu32l6c8008wuvz52jokyo3r",
  createdAt: "2024-04-16T21:15:06.443Z",
  custodian: { id: "cm1custodian000000000000a", name: "Acme Custody" },
  environment: { id: "cm1environment00000000000", name: "Development" },
  ejectedAt: null,
  isAccountAbstracted: false,
  metadata: {
    namespaces: {
      eip155: { address: "0x6e818d8f9b6c53c59a2d957d36c2146e28906195", curve: "SECP256K1" },
      solana: { address: "8pb5w7NTiYnwdeGu4RBB6SXrCNTL1D8nkBjEFNST4KDz", curve: "ED25519" },
      bip122: {
        address: "",
        curve: "SECP256K1",
        bitcoin: {
          p2wpkh: {
            mainnet: "bc1qpl54na90wlmdxj5z4wtz7cpp6p32dc9t8xlq2z",
            testnet: "tb1qpl54na90wlmdxj5z4wtz7cpp6p32dc9tajwa5g",
          },
        },
      },
      tron: { address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", curve: "SECP256K1" },
      stellar: { address: "GCZJM35NKGVK47BB4SPBDV25477PZYIYPVVG453LPYFNXLS3FGHDXOCM", curve: "ED25519" },
    },
  },
  wallets: [wallet("cm4wallet0secp000000000000", "SECP256K1"), wallet("cm4wallet0ed25500000000000", "ED25519")],
};

export const listClientsFixture = {
  results: [clientFixture],
  metadata: { cursor: clientFixture.id, take: 100, total: 1000 },
};

export const createClientFixture = {
  id: "clu32l6c8008wuvz52jokyo3r",
  clientApiKey: "fixture-client-api-key-5f8a2c",
  clientSessionToken: "fixture-session-token-91be77",
  isAccountAbstracted: false,
};

export const assetsFixture = {
  nativeBalance: {
    balance: "0.10991767582513721",
    decimals: 18,
    name: "Ether",
    rawBalance: "109917675825137210",
    symbol: "ETH",
    metadata: { logo: "https://cdn.moralis.io/eth/0x.png", thumbnail: "https://cdn.moralis.io/eth/0x_thumb.png" },
  },
  tokenBalances: [
    {
      balance: "0.0199",
      decimals: 18,
      name: "Wrapped Ether",
      rawBalance: "19900000000000000",
      symbol: "WETH",
      metadata: {
        tokenAddress: "0xfff9976782d46cc05630d1f6ebab18b2324d6b14",
        verifiedContract: false,
        totalSupply: "48148.648311179713152621",
        rawTotalSupply: "48148648311179713152621",
        percentageRelativeToTotalSupply: 0.00004133033989114,
      },
    },
  ],
  nfts: [],
};

export const evmBuildTransactionFixture = {
  transaction: {
    from: "0x21d8d1d2d9907c051670d8c9a80bd2192d273f8d",
    to: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
    data: "0xa9059cbb000000000000000000000000dfd8302f44727a6348f702ff7b594f127de3a9020000000000000000000000000000000000000000000000000000000000002710",
  },
  metadata: {
    amount: "0.01",
    formattedAmount: "0.01",
    fromAddress: "0x21d8d1d2d9907c051670d8c9a80bd2192d273f8d",
    toAddress: "0xdfd8302f44727a6348f702ff7b594f127de3a902",
    tokenAddress: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
    tokenSymbol: "USDC",
    tokenDecimals: 6,
    rawAmount: "10000",
  },
};

export const solanaBuildTransactionFixture = {
  transaction: "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABAAUI",
  metadata: {
    amount: "0.01",
    mintAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    lastValidBlockHeight: "259030944",
    unsignedTransaction: {
      signatures: null,
      message: {
        accountKeys: ["8pb5w7NTiYnwdeGu4RBB6SXrCNTL1D8nkBjEFNST4KDz", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"],
        header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
        instructions: [{ programIdIndex: 1, accounts: [0], data: "3GAG5eogvTjV" }],
        recentBlockhash: "6JpyVC9BZDFVbgFqU8H2nkqvUY7vt6fmHYqSYPAbwbxT",
      },
    },
  },
};

export const bitcoinBuildTransactionFixture = {
  transaction: {
    signatureHashes: ["9f2c4a0b7e5d3c1a0f9e8d7c6b5a49382716f5e4d3c2b1a09f8e7d6c5b4a3928"],
    rawTxHex: "02000000000101a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f900000000000ffffffff02",
    publicKey: '{"X":"5138710339206011437","Y":"8849126001278351201"}',
  },
  metadata: {
    chainId: BITCOIN_TESTNET_P2WPKH,
    amount: "0.00001",
    fromAddress: "tb1qpl54na90wlmdxj5z4wtz7cpp6p32dc9tajwa5g",
    toAddress: "tb1q7ynrnrywae5ypxk6fqgzqhqy202ehk7hntqc9j",
    rawAmount: "1000",
    feeInSatoshis: "420",
    changeInSatoshis: "4584",
    tokenDecimals: 8,
    tokenSymbol: "BTC",
  },
};

export const ejectableBackupSharesFixture = {
  encryptedClientBackupShare: null,
  custodianBackupShare:
    '{"backupSharePairId":"bsp1","clientId":"clu32l6c8008wuvz52jokyo3r","share":"fixture-custodian-share-7d1e"}',
};

export const alertWebhooksFixture = {
  data: [
    {
      id: "cm4voycw2001f68veade3tr0i",
      url: "https://example.com/alerts-webhooks/1/events",
      events: ["EIP_155_TX_V1"],
      autoAddNewAddresses: true,
      createdAt: "2024-12-19T19:05:04.707Z",
      updatedAt: "2024-12-19T20:07:16.648Z",
    },
  ],
};

export const alertEventsFixture = {
  data: [
    {
      id: "85f3d2f7-b2ff-417d-b9cb-dc9823b4ae61",
      type: "EIP_155_TX_V1",
      chainId: "eip155:11155111",
      blockNumber: 7313326,
      transactionHashes: ["0x4978a4ba15a018532791ba4491e48b1aa8b544309c1ffce062bb1fb7e84dc069"],
      deliveryStatus: "success",
      retries: 0,
      errorMessage: null,
      confirmed: 1,
      createdAt: "2024-12-19T20:08:17.086Z",
      updatedAt: "2024-12-19T20:08:17.086Z",
    },
    {
      id: "f928772e-add0-4bf9-b0d3-c45f94513929",
      type: "EIP_155_TX_V1",
      chainId: "eip155:11155111",
      blockNumber: 7313326,
      transactionHashes: ["0x4978a4ba15a018532791ba4491e48b1aa8b544309c1ffce062bb1fb7e84dc069"],
      deliveryStatus: "failed",
      retries: 1,
      errorMessage: "Request failed with status code 400",
      confirmed: null,
      createdAt: "2024-12-19T20:06:50.272Z",
      updatedAt: "2024-12-19T20:06:50.272Z",
    },
  ],
  metadata: {
    alertWebhook: { id: "cm4voycw2001f68veade3tr0i", url: "https://example.com/alerts-webhooks/1/events" },
    cursor: null,
    limit: 100,
    total: 2,
  },
};

export const gasUsageFixture = {
  address: "0x4337084d9e255ff0702461cf8895ce9e3b5ff108",
  chainId: "eip155:11155111",
  usageData: [
    { month: "June", year: 2025, usage: "0.0121", txCount: 512 },
    { month: "May", year: 2025, usage: "0.0091", txCount: 411 },
  ],
  totalUsage: "0.0212",
  totalTxsSponsored: 923,
};

export const formattedTransferFixture = {
  chainName: "sepolia",
  chainId: "eip155:11155111",
  from: "0xf428e1f82f18de15ef2861a4bdde42e755998ece",
  to: "0xdfd8302f44727a6348f702ff7b594f127de3a902",
  amount: "0.001",
  tokenSymbol: "USDC",
  assetType: "NON_NATIVE_TOKEN",
  direction: "OUTBOUND",
  metadata: {
    confirmed: true,
    rawAmount: "1000",
    tokenDecimals: "6",
    tokenAddress: "0x1c7d4b196cb0c7b01d743fbc6116a902379c7238",
    tokenName: "USDC",
    sentAt: "2024-09-06T20:30:24.000Z",
    transactionHash: "0x229c1cc8ed898fae917e0ed90af94c624015e53a790eda1a7d30b1ca2ffd916c",
    blockNumber: "6645168",
    fee: { amount: "0.000172838817388923", decimals: 18, rawAmount: "172838817388923", tokenSymbol: "ETH" },
    nftTokenId: null,
    triggeredBy: "0xf428e1f82f18de15ef2861a4bdde42e755998ece",
    userOperationHash: null,
  },
};

/** Shares here are fake base64 blobs in the API's eyJ… form. */
export const generateFixture = {
  SECP256K1: {
    share: "eyJjbGllbnRJZCI6ImZpeHR1cmUiLCJzaGFyZSI6IjEyMzQ1Njc4OTAifQ==",
    id: "cm4wallet0secp000000000000-ssp1",
  },
  ED25519: {
    share: "eyJjbGllbnRJZCI6ImZpeHR1cmUiLCJzaGFyZSI6Ijk4NzY1NDMyMTAifQ==",
    id: "cm4wallet0ed25500000000000-ssp1",
  },
};

export const yieldTokenFixture = {
  address: "0x779877a7b0d9e8603169ddbd7836e478b4624789",
  symbol: "LINK",
  name: "ChainLink Token",
  decimals: 18,
  logoURI: "https://assets.stakek.it/tokens/link.svg",
  network: "eip155:11155111",
  isPoints: false,
};

export const yieldOpportunityFixture = {
  id: "ethereum-sepolia-link-aave-v3-lending",
  network: "ethereum-sepolia",
  chainId: "11155111",
  token: yieldTokenFixture,
  inputTokens: [yieldTokenFixture],
  outputToken: {
    ...yieldTokenFixture,
    symbol: "aEthLINK",
    name: "Aave Ethereum LINK",
    address: "0x3ffaf50d4f4e96eb78f2407c090b72e86ecaed24",
  },
  tokens: [yieldTokenFixture],
  rewardRate: {
    total: 0.0412,
    rateType: "APY",
    components: [
      {
        rate: 0.0412,
        rateType: "APY",
        token: yieldTokenFixture,
        yieldSource: "lending_interest",
        description: "Supply APY",
      },
    ],
  },
  statistics: {
    tvlUsd: "1204411.22",
    tvl: "80294.1",
    uniqueUsers: 311,
    averagePositionSizeUsd: "3872.7",
    averagePositionSize: "258.2",
  },
  status: { enter: true, exit: true },
  metadata: {
    name: "LINK Aave v3 Lending",
    logoURI: "https://assets.stakek.it/protocols/aave.svg",
    description: "Supply LINK to Aave v3 and earn interest",
    documentation: "https://docs.aave.com",
    underMaintenance: false,
    deprecated: false,
    supportedStandards: ["ERC20"],
  },
  mechanics: {
    type: "lending",
    requiresValidatorSelection: false,
    rewardSchedule: "block",
    rewardClaiming: "auto",
    gasFeeToken: { symbol: "ETH", name: "Ether", decimals: 18, network: "eip155:11155111" },
    entryLimits: { minimum: "0", maximum: null },
    supportsLedgerWalletApi: false,
    arguments: {
      enter: { fields: [{ name: "amount", type: "string", label: "Amount", required: true, minimum: "0" }] },
      exit: { fields: [{ name: "amount", type: "string", label: "Amount", required: true }] },
    },
    possibleFeeTakingMechanisms: {
      depositFee: false,
      managementFee: false,
      performanceFee: false,
      validatorRebates: false,
    },
  },
  providerId: "aave",
};

export const listYieldsFixture = {
  data: { rawResponse: { items: [yieldOpportunityFixture], limit: 20, offset: 0, total: 1 } },
};

const unsignedApprove = JSON.stringify({
  from: "0x6e818d8f9b6c53c59a2d957d36c2146e28906195",
  to: "0x779877a7b0d9e8603169ddbd7836e478b4624789",
  data: "0x095ea7b30000000000000000000000006ae43d3271ff6888e7fc43fd7321a503ff73895100000000000000000000000000000000000000000000000000038d7ea4c68000",
  value: "0x0",
  gasLimit: "0xb71b",
  maxFeePerGas: "0x3b9aca00",
  maxPriorityFeePerGas: "0x5f5e100",
  chainId: 11155111,
  nonce: 4,
});

export const yieldActionFixture = {
  data: {
    rawResponse: {
      id: "0b0e9f2e-3d7c-4a55-9a42-1d6a1b0f6c11",
      intent: "enter",
      type: "STAKE",
      yieldId: "ethereum-sepolia-link-aave-v3-lending",
      address: "0x6e818d8f9b6c53c59a2d957d36c2146e28906195",
      amount: "0.001",
      amountRaw: "1000000000000000",
      amountUsd: "0.015",
      transactions: [
        {
          id: "6f1d2c3b-aaaa-4bbb-8ccc-0d1e2f3a4b5c",
          title: "Supply LINK",
          network: "ethereum-sepolia",
          status: "CREATED",
          type: "SUPPLY",
          hash: null,
          createdAt: "2025-06-01T10:00:00.000Z",
          broadcastedAt: null,
          signedTransaction: null,
          unsignedTransaction: unsignedApprove,
          stepIndex: 1,
          gasEstimate: '{"amount":"0.0002","gasLimit":"210000"}',
        },
        {
          id: "0a9b8c7d-1111-4222-8333-444455556666",
          title: "Approve LINK",
          network: "ethereum-sepolia",
          status: "CREATED",
          type: "APPROVAL",
          hash: null,
          createdAt: "2025-06-01T10:00:00.000Z",
          broadcastedAt: null,
          signedTransaction: null,
          unsignedTransaction: unsignedApprove,
          stepIndex: 0,
        },
      ],
      executionPattern: "synchronous",
      rawArguments: { amount: "0.001" },
      createdAt: "2025-06-01T10:00:00.000Z",
      completedAt: null,
      status: "CREATED",
    },
  },
};

export const yieldBalancesFixture = {
  data: {
    rawResponse: {
      items: [
        {
          yieldId: "ethereum-sepolia-link-aave-v3-lending",
          balances: [
            {
              address: "0x6e818d8f9b6c53c59a2d957d36c2146e28906195",
              amount: "0.001",
              amountRaw: "1000000000000000",
              type: "active",
              token: yieldTokenFixture,
              pendingActions: [
                {
                  intent: "manage",
                  type: "WITHDRAW",
                  passthrough: "eyJhZGRyZXNzZXMiOnsiYWRkcmVzcyI6IjB4NmU4In19",
                  arguments: null,
                },
              ],
              amountUsd: "0.015",
              isEarning: true,
            },
          ],
        },
      ],
      errors: [{ yieldId: "ethereum-eth-lido-staking", error: "Yield not available on this network" }],
    },
  },
  metadata: { clientId: "clu32l6c8008wuvz52jokyo3r" },
};

export const yieldActionsFixture = {
  data: { rawResponse: { items: [yieldActionFixture.data.rawResponse], total: 1, offset: 0, limit: 20 } },
  metadata: { clientId: "clu32l6c8008wuvz52jokyo3r" },
};

export const submitHashFixture = {
  data: {
    rawResponse: {
      id: "0a9b8c7d-1111-4222-8333-444455556666",
      status: "BROADCASTED",
      hash: "0x229c1cc8ed898fae917e0ed90af94c624015e53a790eda1a7d30b1ca2ffd916c",
    },
  },
  metadata: { clientId: "clu32l6c8008wuvz52jokyo3r", transactionId: "0a9b8c7d-1111-4222-8333-444455556666" },
};
