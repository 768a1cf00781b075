import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { publicKeyToAddress } from "viem/accounts";
import { expectAccessible } from "../fixtures/axe";
import { backupWallets, createClientInUi, generateWallets } from "../fixtures/sandbox";
import { screens, setTheme } from "../fixtures/screens";
import { storageState } from "../fixtures/users";
import { unfoldWallets } from "../fixtures/wallets";

interface ClientRecord {
  id: string;
  isAccountAbstracted: boolean;
  metadata: {
    namespaces: {
      eip155?: { address: string };
      solana?: { address: string };
      bip122?: { bitcoin?: { p2wpkh?: { testnet: string } } };
    };
  };
  wallets: { curve: string; publicKey: string }[];
}

/** One EOA client with real MPC wallets (funded by the sandbox faucet) and one account-abstracted client. */
let client: { clientId: string; clientApiKey: string };
let record: ClientRecord;
let aa: { clientId: string; clientApiKey: string };
let aaRecord: ClientRecord;

const SEPOLIA = "eip155:11155111";
const SOLANA_DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
const BITCOIN_TESTNET = "bip122:000000000933ea01ad0ee984209779ba-p2wpkh";
/** A devnet account (32 bytes of base58) and BIP-173's P2WPKH testnet example. */
const SOLANA_RECIPIENT = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const BITCOIN_RECIPIENT = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx";
const EVM_RECIPIENT = "0x1111111111111111111111111111111111111111";

async function readClient(request: APIRequestContext, clientId: string): Promise<ClientRecord> {
  const res = await request.get(`/api/clients/${clientId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ClientRecord;
}

async function testnetSats(request: APIRequestContext, clientId: string): Promise<bigint> {
  const res = await request.get(`/api/clients/${clientId}/assets?chain=bitcoin-p2wpkh-testnet`);
  expect(res.status()).toBe(200);
  return BigInt(((await res.json()) as { nativeBalance: { rawBalance: string } }).nativeBalance.rawBalance);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ storageState: storageState("developer") });
  const page = await context.newPage();
  // The sandbox gives one client in ten no Bitcoin at all (simulated balances, a pure function of
  // the client id); the Bitcoin build needs some, so a client without is replaced by a new one.
  for (let attempt = 0; attempt < 5; attempt++) {
    client = await createClientInUi(page);
    const generated = await generateWallets(client.clientApiKey);
    await backupWallets(client.clientApiKey, generated);
    if ((await testnetSats(page.request, client.clientId)) >= 20_000n) break;
  }
  expect(await testnetSats(page.request, client.clientId)).toBeGreaterThanOrEqual(20_000n);
  record = await readClient(page.request, client.clientId);
  aa = await createClientInUi(page, { accountAbstracted: true });
  await generateWallets(aa.clientApiKey);
  aaRecord = await readClient(page.request, aa.clientId);
  await context.close();
});

const assetsRegion = (page: Page) => page.getByRole("region", { name: "Assets" });
const transferRegion = (page: Page) => page.getByRole("region", { name: "Build transfer" });
/** The value of one row of the built transfer's summary. */
const summaryValue = (built: Locator, term: string) =>
  built.locator(`dl[aria-label="Transaction summary"] dt:text-is("${term}") + dd`);

/** The label of a held token's option, once the balances have arrived (it then shows an address). */
async function heldTokenLabel(token: Locator, symbol: string): Promise<string> {
  const option = token.locator("option", { hasText: new RegExp(`^${symbol} · `) });
  await expect(option).toHaveCount(1);
  return (await option.textContent()) ?? "";
}

async function openTransfer(page: Page, clientId: string) {
  await page.goto(`/clients/${clientId}?tab=transfer`);
  const form = transferRegion(page);
  await expect(form.getByRole("button", { name: "Build unsigned transfer" })).toBeEnabled();
  return form;
}

test.describe("[CLIENTS] assets and transfers", () => {
  test.use({ storageState: storageState("support"), permissions: ["clipboard-read", "clipboard-write"] });

  test("[CLIENTS][assets] balances come from the chain; the chain is in the URL and survives a reload", async ({
    page,
  }) => {
    // A shared link may use the shortcut: it shows the same chain as its CAIP-2 id.
    await page.goto(`/clients/${client.clientId}?chain=sepolia`);
    const assets = assetsRegion(page);
    const picker = assets.getByLabel("Chain", { exact: true });
    await expect(picker).toHaveValue(SEPOLIA);
    const table = assets.getByRole("table", { name: "Balances on Sepolia" });
    await expect(table.getByRole("row", { name: /ETH Ether/ })).toContainText("10");
    await expect(table.getByRole("row", { name: /USDC/ })).toContainText("10000");
    await expect(table.getByRole("row", { name: /USDC/ })).toContainText("10000000000");
    const bySymbol = await table.locator("tbody tr").allTextContents();

    await picker.selectOption("eip155:84532");
    await expect(page).toHaveURL(/[?&]chain=eip155(:|%3A)84532/);
    await expect(assets.getByRole("table", { name: "Balances on Base Sepolia" })).toBeVisible();
    await page.reload();
    await expect(picker).toHaveValue("eip155:84532");
    await expect(assets.getByRole("table", { name: "Balances on Base Sepolia" })).toBeVisible();

    await page.goto(`/clients/${client.clientId}?chain=${encodeURIComponent(SEPOLIA)}`);
    await expect(table.locator("tbody tr")).toHaveText(bySymbol);

    // The filter narrows the picker, by name, id or shortcut; the selected chain stays.
    await assets.getByLabel("Filter chain list").fill("solana");
    await expect(picker.locator('optgroup[label="Solana"] option')).toHaveText([
      "Solana — solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      "Solana Devnet — solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
    ]);
    await expect(picker.locator('optgroup[label="EVM (eip155)"] option')).toHaveText([`Sepolia — ${SEPOLIA}`]);
    await assets.getByLabel("Filter chain list").fill("polygon-amoy");
    await expect(picker.locator("option")).toHaveText([
      "All chains with a balance",
      `Sepolia — ${SEPOLIA}`,
      "Polygon Amoy — eip155:80002",
    ]);
    await assets.getByLabel("Filter chain list").fill("");
    await assets.getByLabel("Filter chain list").blur();

    await screens(page, "clients-assets", async () => {
      await expect(table.getByRole("row", { name: /USDC/ })).toBeVisible();
    });
  });

  test("[CLIENTS][assets-url] an unknown chain in the link falls back with a message, never an error", async ({
    page,
  }) => {
    await page.goto(`/clients/${client.clientId}?chain=polygon-mumbai`);
    const assets = assetsRegion(page);
    // The balances load in the browser (a skeleton says so meanwhile); then the message is the one status.
    await expect(assets.getByRole("table", { name: "Balances on every chain" })).toBeVisible();
    await expect(assets.getByRole("status")).toHaveText(
      "The link asks for the chain “polygon-mumbai”, which the balances endpoint does not know. Showing every chain instead.",
    );
    await assets.getByLabel("Chain", { exact: true }).selectOption(SOLANA_DEVNET);
    await expect(assets.getByRole("status")).toHaveCount(0);
    await expect(assets.getByRole("table", { name: "Balances on Solana Devnet" })).toBeVisible();
  });

  test("[CLIENTS][pickers] each chain once in both pickers; the transfer picker says where its table differs", async ({
    page,
  }) => {
    // One chain (the all-chains view reads every chain, which this journey does not need).
    await page.goto(`/clients/${client.clientId}?chain=sepolia`);
    // The spec's assets table: 13 shortcuts for 11 chains, and 15 ids without a shortcut.
    const assetsPicker = assetsRegion(page).getByLabel("Chain", { exact: true });
    await expect(assetsPicker).toHaveValue(SEPOLIA);
    // The first option stands for every chain.
    const [all, ...assetsLabels] = await assetsPicker.locator("option").allTextContents();
    expect(all).toBe("All chains with a balance");
    expect(assetsLabels).toHaveLength(26);
    expect(new Set(assetsLabels).size).toBe(26);
    for (const label of assetsLabels) expect(label).toMatch(/^\S.* — [-a-z0-9]{3,8}:[-_a-zA-Z0-9]+$/);

    const form = await openTransfer(page, client.clientId);
    const picker = form.getByLabel("Chain", { exact: true });
    // The build-transaction table: 19 names for 17 chains, less the 5 Tron and Stellar chains the
    // sandbox cannot build (named under the picker instead).
    const transferLabels = await picker.locator("option").allTextContents();
    expect(transferLabels).toHaveLength(12);
    expect(new Set(transferLabels).size).toBe(12);
    expect(
      transferLabels.filter((l) => l.includes("(differs from balances)") || l.includes("(not in balances)")),
    ).toEqual([
      "Base Goerli — eip155:84531 (differs from balances)",
      "Polygon Mumbai — eip155:80001 (not in balances)",
    ]);

    // "base-sepolia" finds the chain this table means by it.
    await form.getByLabel("Filter chain list").fill("base-sepolia");
    await expect(picker.locator("option")).toHaveText([
      `Sepolia — ${SEPOLIA}`,
      "Base Goerli — eip155:84531 (differs from balances)",
    ]);
    await picker.selectOption("eip155:84531");
    await expect(form.getByTestId("chain-difference")).toHaveText(
      "For transfers, “base-sepolia” is Base Goerli (eip155:84531); for balances, the same name is Base Sepolia (eip155:84532).Base Goerli (eip155:84531) is not in the balances table: balances cannot be read for it.",
    );
    await expect(form.getByRole("status", { name: "Transfer warnings" })).toContainText(
      "Balance not checked: Base Goerli (eip155:84531) is not in the balances table",
    );
    await form.getByLabel("Filter chain list").fill("");
    await picker.selectOption("eip155:80001");
    await expect(form.getByTestId("chain-difference")).toHaveText(
      "Polygon Mumbai (eip155:80001) is not in the balances table: balances cannot be read for it.",
    );
    await picker.selectOption(SEPOLIA);
    await expect(form.getByTestId("chain-difference")).toHaveCount(0);

    await form.getByText("How this list differs from the balances list").click();
    await expect(
      form.getByText(
        "“base-sepolia” is Base Goerli (eip155:84531) here, but Base Sepolia (eip155:84532) for balances.",
      ),
    ).toBeVisible();
    await picker.selectOption("eip155:84531");
    await screens(page, "clients-transfer-chain-difference", async () => {
      await expect(form.getByTestId("chain-difference")).toBeVisible();
    });
  });

  test("[CLIENTS][transfer] builds an ERC-20 and a native transfer, with the calldata decoded; bad input never leaves the browser", async ({
    page,
  }) => {
    const form = await openTransfer(page, client.clientId);
    let sent = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.headers()["next-action"]) sent++;
    });
    await form.getByLabel("To (recipient address)").fill("0x123");
    await form.getByLabel("Amount (whole units)").fill("-1");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(form.getByText("Expected an EVM address")).toBeVisible();
    await expect(form.getByText("Enter an amount in whole units")).toBeVisible();

    // Another token by address: checked as an ERC-20 contract address before anything is sent.
    const token = form.getByLabel("Token", { exact: true });
    await token.selectOption({ label: "Other (contract or mint address)" });
    await form.getByLabel("To (recipient address)").fill(EVM_RECIPIENT);
    await form.getByLabel("Amount (whole units)").fill("1");
    await form.getByLabel("Contract address").fill("0x12");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(form.getByText("Expected an ERC-20 contract address")).toBeVisible();
    expect(sent).toBe(0);

    // The known tokens: the chain's coin and the tokens the client holds, each with its balance.
    const usdc = await heldTokenLabel(token, "USDC");
    expect(usdc).toMatch(/^USDC · 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4} · balance 10000$/);
    const labels = await token.locator("option").allTextContents();
    expect(labels[0]).toBe("ETH (native) · balance 10");
    expect(labels.at(-1)).toBe("Other (contract or mint address)");
    await token.selectOption({ label: usdc });
    await expect(form.getByLabel("Contract address")).toHaveCount(0);
    await form.getByLabel("Amount (whole units)").fill("1.5");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    const built = page.getByTestId("built-transfer");
    await expect(built).toContainText("Unsigned. Nothing was sent");
    const evmAddress = record.metadata.namespaces.eip155?.address ?? "";
    await expect(summaryValue(built, "From")).toContainText(evmAddress);
    await expect(summaryValue(built, "To (recipient)")).toContainText(EVM_RECIPIENT);
    await expect(summaryValue(built, "Token")).toHaveText("USDC");
    await expect(summaryValue(built, "Amount")).toHaveText("1.5 USDC");
    await expect(summaryValue(built, "Amount (base units)")).toContainText("1500000");
    await expect(summaryValue(built, "Decoded")).toContainText(`transfer(${EVM_RECIPIENT}, 1500000) = 1.5 USDC`);
    await expect(built.getByLabel("Unsigned transaction JSON")).toContainText(
      '"data": "0xa9059cbb0000000000000000000000001111111111111111111111111111111111111111',
    );
    await expect(built.getByRole("alert")).toHaveCount(0);
    await screens(page, "clients-transfer-erc20", async () => {
      await expect(summaryValue(built, "Decoded")).toBeVisible();
    });

    await token.selectOption({ label: "ETH (native) · balance 10" });
    await form.getByLabel("Amount (whole units)").fill("0.01");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(summaryValue(built, "Value (wei)")).toContainText("10000000000000000");
    await expect(summaryValue(built, "Token")).toHaveText("ETH (native)");
    await expect(summaryValue(built, "Amount")).toHaveText("0.01 ETH");
    await expect(summaryValue(built, "Decoded")).toHaveCount(0);

    const download = page.waitForEvent("download");
    await built.getByRole("button", { name: "Download JSON" }).click();
    expect((await download).suggestedFilename()).toMatch(/^unsigned-transfer-.*\.json$/);

    // A well-formed address that is no token of the chain: the upstream's own refusal, in words.
    await token.selectOption({ label: "Other (contract or mint address)" });
    await form.getByLabel("Contract address").fill("0x2222222222222222222222222222222222222222");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(form.getByRole("alert")).toContainText("The upstream refused the request");
  });

  test("[CLIENTS][transfer-warnings] over the balance and to the client's own address: warned, still built", async ({
    page,
  }) => {
    const form = await openTransfer(page, client.clientId);
    const warnings = form.getByRole("status", { name: "Transfer warnings" });
    const token = form.getByLabel("Token", { exact: true });
    await token.selectOption({ label: await heldTokenLabel(token, "USDC") });
    await form.getByLabel("Amount (whole units)").fill("10000");
    await form.getByLabel("To (recipient address)").fill(EVM_RECIPIENT);
    await expect(warnings).toBeEmpty();

    // The faucet gave 10000 USDC (6 decimals): one base unit more is over.
    await form.getByLabel("Amount (whole units)").fill("10000.000001");
    await expect(warnings).toContainText(
      "10000.000001 USDC is more than the client's balance on Sepolia (10000 USDC). The transfer can still be built",
    );
    // The client's own address, typed in lower case.
    const own = (record.metadata.namespaces.eip155?.address ?? "").toLowerCase();
    await form.getByLabel("To (recipient address)").fill(own);
    await expect(warnings).toContainText("The recipient is the client's own EVM address");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    const built = page.getByTestId("built-transfer");
    await expect(built).toContainText("Unsigned. Nothing was sent");
    await expect(summaryValue(built, "Amount")).toHaveText("10000.000001 USDC");
    await expect(summaryValue(built, "To (recipient)")).toContainText(own, { ignoreCase: true });
    await screens(page, "clients-transfer-warnings", async () => {
      await expect(warnings).toContainText("The recipient is the client's own EVM address");
    });

    await form.getByLabel("Amount (whole units)").fill("1");
    await form.getByLabel("To (recipient address)").fill(EVM_RECIPIENT);
    await expect(warnings).toBeEmpty();
  });

  test("[CLIENTS][transfer-solana] a Solana summary shows from, to, token and amount", async ({ page }) => {
    const form = await openTransfer(page, client.clientId);
    await form.getByLabel("Chain", { exact: true }).selectOption(SOLANA_DEVNET);
    const token = form.getByLabel("Token", { exact: true });
    // The client's own Solana address as recipient: warned, not blocked.
    const warnings = form.getByRole("status", { name: "Transfer warnings" });
    const ownSolana = record.metadata.namespaces.solana?.address ?? "";
    expect(ownSolana).not.toBe("");
    await form.getByLabel("To (recipient address)").fill(ownSolana);
    await expect(warnings).toContainText(
      "The recipient is the client's own Solana address: this transfer would not leave the client.",
    );
    await expect(form.getByRole("button", { name: "Build unsigned transfer" })).toBeEnabled();
    await form.getByLabel("To (recipient address)").fill(SOLANA_RECIPIENT);
    await expect(warnings).not.toContainText("own Solana address");
    // Held USDC shows its mint; a client holding none still gets USDC by symbol.
    await expect(token.locator("option").first()).toHaveText(/^SOL \(native\) · balance /);
    await token.selectOption({ label: (await token.locator("option", { hasText: /^USDC/ }).textContent()) ?? "" });
    await form.getByLabel("Amount (whole units)").fill("2.5");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    const built = page.getByTestId("built-transfer");
    await expect(summaryValue(built, "From")).toContainText(record.metadata.namespaces.solana?.address ?? "-");
    await expect(summaryValue(built, "To (recipient)")).toContainText(SOLANA_RECIPIENT);
    // The sandbox's devnet USDC is the real devnet mint.
    await expect(summaryValue(built, "Token mint")).toContainText("4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU");
    // The response names the mint only: the symbol shown is the form's, and it says so.
    await expect(summaryValue(built, "Token")).toHaveText(/^USDC\s*\(from the request\)$/);
    await expect(summaryValue(built, "Amount")).toHaveText("2.5 USDC");
    await expect(summaryValue(built, "Amount (base units)")).toContainText("2500000");
    await screens(page, "clients-transfer-solana", async () => {
      await expect(summaryValue(built, "Token mint")).toBeVisible();
    });

    await token.selectOption({ index: 0 });
    await form.getByLabel("Amount (whole units)").fill("0.1");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(summaryValue(built, "Token")).toHaveText("SOL (native)");
    await expect(summaryValue(built, "Amount")).toHaveText("0.1 SOL");
    await expect(summaryValue(built, "Amount (base units)")).toContainText("100000000");
  });

  test("[CLIENTS][transfer-bitcoin] a Bitcoin summary shows from, to, token and amount, with fee and change", async ({
    page,
  }) => {
    const form = await openTransfer(page, client.clientId);
    await form.getByLabel("Chain", { exact: true }).selectOption(BITCOIN_TESTNET);
    // Bitcoin moves BTC only: no other token, no address to type.
    await expect(form.getByLabel("Token", { exact: true }).locator("option")).toHaveText([
      /^BTC \(native\) · balance /,
    ]);
    // The client's own testnet address as recipient: warned, not blocked.
    const warnings = form.getByRole("status", { name: "Transfer warnings" });
    const ownBitcoin = record.metadata.namespaces.bip122?.bitcoin?.p2wpkh?.testnet ?? "";
    expect(ownBitcoin).toMatch(/^tb1/);
    await form.getByLabel("To (recipient address)").fill(ownBitcoin);
    await expect(warnings).toContainText(
      "The recipient is the client's own Bitcoin (testnet) address: this transfer would not leave the client.",
    );
    await expect(form.getByRole("button", { name: "Build unsigned transfer" })).toBeEnabled();
    await form.getByLabel("To (recipient address)").fill(BITCOIN_RECIPIENT);
    await expect(warnings).not.toContainText("own Bitcoin");
    await form.getByLabel("Amount (whole units)").fill("0.0001");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    const built = page.getByTestId("built-transfer");
    await expect(summaryValue(built, "From")).toContainText(
      record.metadata.namespaces.bip122?.bitcoin?.p2wpkh?.testnet ?? "-",
    );
    await expect(summaryValue(built, "To (recipient)")).toContainText(BITCOIN_RECIPIENT);
    await expect(summaryValue(built, "Token")).toHaveText("BTC (native)");
    await expect(summaryValue(built, "Amount")).toHaveText("0.0001 BTC");
    await expect(summaryValue(built, "Amount (satoshis)")).toContainText("10000");
    await expect(summaryValue(built, "Fee (satoshis)")).toContainText(/^\d+/);
    await expect(summaryValue(built, "Change (satoshis)")).toContainText(/^\d+/);
    await screens(page, "clients-transfer-bitcoin", async () => {
      await expect(summaryValue(built, "Fee (satoshis)")).toBeVisible();
    });
  });

  test("[CLIENTS][wallets] the public key is compressed hex, the raw value behind a toggle, copied by keyboard", async ({
    page,
  }) => {
    await page.goto(`/clients/${client.clientId}`);
    const card = page.getByRole("article", { name: "SECP256K1 wallet" });
    const hex = card.getByTestId("public-key-hex");
    await expect(hex).toHaveText(/^0[23][0-9a-f]{64}$/);
    const raw = card.getByRole("group", { name: "Raw public key" });
    await expect(raw).toBeHidden();

    // Keyboard only: from the wallet id's copy button, Tab reaches the key's copy button, then the toggle.
    await card.getByRole("button", { name: "Copy wallet id" }).focus();
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: "Copy public key" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("button", { name: "public key copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await hex.textContent());
    await page.keyboard.press("Tab");
    const toggle = card.getByRole("button", { name: "Show raw" });
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(raw).toBeVisible();
    await expect(card.getByRole("button", { name: "Hide raw" })).toHaveAttribute("aria-expanded", "true");

    // The compressed form worked out from the raw coordinates: 02 for an even Y, 03 for an odd one.
    const secp = record.wallets.find((w) => w.curve === "SECP256K1")?.publicKey ?? "{}";
    await expect(raw.locator("code")).toHaveText(secp);
    const { X, Y } = JSON.parse(secp) as { X: string; Y: string };
    const expected = `${BigInt(Y) % 2n === 0n ? "02" : "03"}${BigInt(X).toString(16).padStart(64, "0")}`;
    await expect(hex).toHaveText(expected);
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: "Copy raw public key" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("button", { name: "raw public key copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secp);

    // Ed25519: the key's 32 bytes, as the record has them.
    const ed = page.getByRole("article", { name: "ED25519 wallet" });
    const edRaw = JSON.parse(record.wallets.find((w) => w.curve === "ED25519")?.publicKey ?? "{}") as { X: string };
    await expect(ed.getByTestId("public-key-hex")).toHaveText(edRaw.X.toLowerCase());

    await screens(page, "clients-wallets", async () => {
      await unfoldWallets(page);
      await expect(raw).toBeVisible();
    });
  });

  test("[CLIENTS][aa] an account-abstracted client's EVM address is labelled as its smart account", async ({
    page,
  }) => {
    await page.goto(`/clients/${aa.clientId}`);
    const card = page.getByRole("article", { name: "SECP256K1 wallet" });
    const smartAccount = aaRecord.metadata.namespaces.eip155?.address ?? "-";
    await expect(card.getByRole("term").filter({ hasText: /^EVM smart account$/ })).toBeVisible();
    await expect(card.getByTestId("address-smart-account")).toContainText(smartAccount);
    await expect(card.getByTestId("address-smart-account-note")).toContainText("ERC-4337");
    await expect(card.getByText("EVM", { exact: true })).toHaveCount(0);
    // The key that owns the account, worked out here from the record's public key.
    const { X, Y } = JSON.parse(aaRecord.wallets.find((w) => w.curve === "SECP256K1")?.publicKey ?? "{}") as {
      X: string;
      Y: string;
    };
    const owner = publicKeyToAddress(
      `0x04${BigInt(X).toString(16).padStart(64, "0")}${BigInt(Y).toString(16).padStart(64, "0")}`,
    );
    expect(owner.toLowerCase()).not.toBe(smartAccount.toLowerCase());
    await expect(card.getByRole("term").filter({ hasText: /^EVM owner key$/ })).toBeVisible();
    await expect(card.getByTestId("address-owner")).toContainText(owner);
    await expect(card.getByTestId("address-owner-note")).toContainText("Derived from the SECP256K1 public key");
    await screens(page, "clients-aa-wallets", async () => {
      await unfoldWallets(page);
      await expect(card.getByTestId("address-owner")).toBeVisible();
    });

    const form = await openTransfer(page, aa.clientId);
    await form.getByLabel("To (recipient address)").fill(EVM_RECIPIENT);
    await form.getByLabel("Amount (whole units)").fill("0.01");
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(summaryValue(page.getByTestId("built-transfer"), "From (smart account)")).toContainText(smartAccount);
  });

  test("[A11Y][clients] the client page with balances, a built transfer with warnings, and the raw key", async ({
    page,
  }) => {
    await page.goto(`/clients/${client.clientId}?chain=sepolia`);
    await expect(page.getByRole("table", { name: "Balances on Sepolia" })).toBeVisible();
    await page.getByRole("article", { name: "SECP256K1 wallet" }).getByRole("button", { name: "Show raw" }).click();
    await expectAccessible(page);

    const form = await openTransfer(page, client.clientId);
    await form
      .getByLabel("To (recipient address)")
      .fill((record.metadata.namespaces.eip155?.address ?? "").toLowerCase());
    await form.getByLabel("Amount (whole units)").fill("100");
    await expect(form.getByRole("status", { name: "Transfer warnings" })).toContainText(
      "more than the client's balance",
    );
    await form.getByRole("button", { name: "Build unsigned transfer" }).click();
    await expect(page.getByTestId("built-transfer")).toBeVisible();
    await expectAccessible(page);
    await setTheme(page, "dark");
    await expectAccessible(page);
  });
});
