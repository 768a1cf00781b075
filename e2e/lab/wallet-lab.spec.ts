import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { expect, test, type Page } from "@playwright/test";
import { type Hex, getAddress, hexToBytes, keccak256, recoverMessageAddress, toBytes, verifyMessage } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import { callAction, captureAction } from "../fixtures/actions";
import { expectAccessible } from "../fixtures/axe";
import { rpc } from "../fixtures/chain";
import { createTestClientInUi } from "../fixtures/sandbox";
import { sandboxGet } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

/**
 * The wallet lab as a developer uses it, checked against the ground truth: every signature is
 * verified here with viem and @noble/curves, and every send is read back from the chain through
 * the sandbox's gateway, not from the page.
 */
const RECIPIENT = "0x000000000000000000000000000000000000dEaD";

interface SandboxClient {
  isAccountAbstracted: boolean;
  metadata: { namespaces: { eip155?: { address: string } } };
  wallets: { curve: string; publicKey: string }[];
}
const sandboxClient = (clientId: string) => sandboxGet<SandboxClient>(`/api/v3/custodians/me/clients/${clientId}`);
const keyOf = (client: SandboxClient, curve: string) =>
  JSON.parse(client.wallets.find((w) => w.curve === curve)!.publicKey) as { X: string; Y?: string };

async function openLabAndGenerate(page: Page, clientId: string) {
  await page.goto(`/clients/${clientId}`);
  await page.getByRole("tab", { name: "Wallet lab" }).click();
  await expect(page).toHaveURL(/tab=lab/);
  const wallet = page.getByRole("region", { name: "Wallet", exact: true });
  await wallet.getByRole("button", { name: "Generate wallets" }).click();
  await expect(wallet.getByRole("status")).toContainText("Generated: the signing shares are in the vault.");
  await expect(wallet.getByRole("button", { name: "Generate wallets" })).toBeDisabled();
  return wallet;
}

async function sendTwoInParallel(page: Page) {
  const form = page.getByRole("form", { name: "Send assets" });
  await form.getByLabel("To (recipient address)").fill(RECIPIENT);
  await form.getByLabel("Amount (whole units)").fill("0.01");
  await form.getByLabel("Send in parallel").fill("2");
  await form.getByRole("button", { name: "Send" }).click();
  const items = page.getByRole("status", { name: "Send results" }).getByTestId("lab-send-item");
  await expect(items).toHaveCount(2, { timeout: 30_000 });
  await expect(items.getByTestId("lab-send-status")).toHaveText(["Confirmed", "Confirmed"]);
  return items;
}

test.describe("[LAB] wallet lab", () => {
  test.use({ storageState: storageState("developer") });

  test("[LAB][eoa] generate, sign, raw sign, back up and recover, two parallel sends with distinct nonces", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { clientId } = await createTestClientInUi(page);
    // Every server action's answer to the lab, to check that none carries a share (base64 JSON, "eyJ…").
    const answers: string[] = [];
    await page.route("**/*", async (route) => {
      const request = route.request();
      if (request.method() !== "POST" || !request.headers()["next-action"]) return route.fallback();
      const response = await route.fetch();
      answers.push(await response.text());
      await route.fulfill({ response });
    });
    const wallet = await openLabAndGenerate(page, clientId);
    const truth = await sandboxClient(clientId);
    const address = getAddress(truth.metadata.namespaces.eip155!.address);
    await expect(wallet.getByTestId("lab-address-eip155")).toHaveText(address);

    // personal_sign, verified here against the address the page shows.
    const message = "Wallet lab e2e: hello ✓";
    const sign = page.getByRole("form", { name: "Sign a message" });
    await sign.getByLabel("Message").fill(message);
    await sign.getByRole("button", { name: "Sign" }).click();
    const signed = page.getByRole("status", { name: "Signature", exact: true });
    await expect(signed).toContainText("Signer verified");
    const signature = (await signed.getByTestId("lab-signature").textContent()) as Hex;
    const shown = (await signed.getByTestId("lab-expected-signer").textContent())!;
    expect(shown).toBe(address);
    expect(await verifyMessage({ address: shown as Hex, message, signature })).toBe(true);
    expect(await signed.getByTestId("lab-recovered-signer").textContent()).toBe(address);

    // Raw sign: a 0x prefix is refused in the form; then each curve, verified with @noble/curves.
    const digest = keccak256(toBytes("wallet lab e2e digest")).slice(2);
    const raw = page.getByRole("form", { name: "Raw sign a digest" });
    await raw.getByLabel("Digest (hex)").fill(`0x${digest}`);
    await raw.getByRole("button", { name: "Raw sign" }).click();
    await expect(raw.getByRole("alert")).toHaveText(/Leave out the 0x prefix/);
    await raw.getByLabel("Digest (hex)").fill(digest);
    await raw.getByRole("button", { name: "Raw sign" }).click();
    const rawResult = page.getByRole("status", { name: "Raw signature" });
    await expect(rawResult.getByTestId("lab-check")).toContainText("Verified");
    const secpSig = hexToBytes((await rawResult.getByTestId("lab-raw-signature").textContent()) as Hex);
    const { X, Y } = keyOf(truth, "SECP256K1");
    const secpKey = secp256k1.Point.fromAffine({ x: BigInt(X), y: BigInt(Y!) }).toBytes(true);
    expect(secp256k1.verify(secpSig.subarray(0, 64), hexToBytes(`0x${digest}`), secpKey, { prehash: false })).toBe(
      true,
    );
    await raw.getByLabel("Curve").selectOption("ED25519");
    await raw.getByRole("button", { name: "Raw sign" }).click();
    await expect(rawResult).toContainText("ED25519");
    const edSig = hexToBytes((await rawResult.getByTestId("lab-raw-signature").textContent()) as Hex);
    expect(ed25519.verify(edSig, hexToBytes(`0x${digest}`), hexToBytes(`0x${keyOf(truth, "ED25519").X}`))).toBe(true);

    // Back up, recover: the page shows both checks of the recovered shares.
    await wallet.getByRole("button", { name: "Back up" }).click();
    await expect(wallet.getByRole("status")).toContainText("Backed up");
    await wallet.getByRole("button", { name: "Recover from backup" }).click();
    await expect(wallet.getByRole("status")).toContainText("Recovered");
    await expect(wallet.getByTestId("lab-check")).toHaveCount(2);
    await expect(wallet.getByTestId("lab-check").filter({ hasText: "Verified" })).toHaveCount(2);
    expect(getAddress((await sandboxClient(clientId)).metadata.namespaces.eip155!.address)).toBe(address);

    // Two sends at once: distinct nonces, both mined, as the chain itself says.
    const before = Number(await rpc<Hex>("eth_getTransactionCount", [address, "latest"]));
    const items = await sendTwoInParallel(page);
    const nonces = (await items.getByTestId("lab-send-nonce").allTextContents()).map(Number);
    expect(nonces.sort((a, b) => a - b)).toEqual([before, before + 1]);
    for (const hash of await items.getByTestId("lab-send-hash").allTextContents()) {
      const tx = await rpc<{ from: string; nonce: Hex }>("eth_getTransactionByHash", [hash]);
      expect(getAddress(tx.from)).toBe(address);
      expect(nonces).toContain(Number(tx.nonce));
      expect((await rpc<{ status: Hex }>("eth_getTransactionReceipt", [hash])).status).toBe("0x1");
    }
    expect(Number(await rpc<Hex>("eth_getTransactionCount", [address, "latest"]))).toBe(before + 2);

    // An explicit nonce already used: explained, not thrown.
    const send = page.getByRole("form", { name: "Send assets" });
    await send.getByLabel("Send in parallel").fill("1");
    await send.getByLabel("Nonce (optional)").fill("0x00");
    await send.getByRole("button", { name: "Send" }).click();
    const collision = page.getByRole("status", { name: "Send results" }).getByTestId("lab-send-item");
    await expect(collision.getByTestId("lab-send-status")).toHaveText("Nonce collision");
    await expect(collision).toContainText("Nonce 0x00 is already used or pending");

    expect(answers.length).toBeGreaterThanOrEqual(8);
    for (const body of answers) expect(body).not.toMatch(/eyJ[A-Za-z0-9+/=_-]{20,}|"share"|clientApiKey/);

    await expectAccessible(page);
    await screens(page, "lab-eoa");
  });

  test("[LAB][aa] an account-abstracted client: the signer is the owner key; sends are user operations, both mined", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { clientId } = await createTestClientInUi(page, { accountAbstracted: true });
    await openLabAndGenerate(page, clientId);
    const truth = await sandboxClient(clientId);
    const { X, Y } = keyOf(truth, "SECP256K1");
    const owner = publicKeyToAddress(`0x${secp256k1.Point.fromAffine({ x: BigInt(X), y: BigInt(Y!) }).toHex(false)}`);

    const sign = page.getByRole("form", { name: "Sign a message" });
    await sign.getByRole("button", { name: "Sign" }).click();
    const signed = page.getByRole("status", { name: "Signature", exact: true });
    await expect(signed).toContainText("Signer verified");
    await expect(signed).toContainText("owns the smart account");
    expect(await signed.getByTestId("lab-expected-signer").textContent()).toBe(owner);
    const signature = (await signed.getByTestId("lab-signature").textContent()) as Hex;
    const message = await sign.getByLabel("Message").inputValue();
    expect(await recoverMessageAddress({ message, signature })).toBe(owner);

    const items = await sendTwoInParallel(page);
    const operations = await items.getByTestId("lab-send-userop").allTextContents();
    expect(new Set(operations).size).toBe(2);
    const bundles = await items.getByTestId("lab-send-hash").allTextContents();
    for (const [i, op] of operations.entries()) {
      const receipt = await rpc<{ success: boolean; sender: string; receipt: { transactionHash: string } }>(
        "eth_getUserOperationReceipt",
        [op],
      );
      expect(receipt.success).toBe(true);
      expect(getAddress(receipt.sender)).toBe(getAddress(truth.metadata.namespaces.eip155!.address));
      expect(receipt.receipt.transactionHash).toBe(bundles[i]);
      expect((await rpc<{ status: Hex }>("eth_getTransactionReceipt", [bundles[i]])).status).toBe("0x1");
    }
    await expectAccessible(page);
    await screens(page, "lab-aa");
  });

  test("[LAB][refusal] support sees no lab and the server refuses a direct call", async ({ page, browser }) => {
    const { clientId } = await createTestClientInUi(page);
    await openLabAndGenerate(page, clientId);
    const raw = page.getByRole("form", { name: "Raw sign a digest" });
    const digest = "ab".repeat(32);
    await raw.getByLabel("Digest (hex)").fill(digest);
    const action = await captureAction(page, () => raw.getByRole("button", { name: "Raw sign" }).click());
    await expect(page.getByRole("status", { name: "Raw signature" })).toBeVisible();

    const support = await browser.newContext({ storageState: storageState("support") });
    const supportPage = await support.newPage();
    await supportPage.goto(`/clients/${clientId}?tab=lab`);
    await expect(supportPage.getByText("Test client", { exact: true })).toBeVisible();
    await expect(supportPage.getByRole("tab", { name: "Wallet lab" })).toHaveCount(0);
    await expect(supportPage.getByRole("region", { name: "Wallet lab" })).toHaveCount(0);
    const refused = await callAction(support.request, action, { clientId, curve: "SECP256K1", digest });
    expect(refused.text).toContain("FORBIDDEN");
    expect(refused.text).not.toMatch(/"signature"/);
    await support.close();
  });
});
