import { expect, test } from "@playwright/test";
import { formatEther } from "viem";
import { expectAccessible } from "../fixtures/axe";
import { rpc } from "../fixtures/chain";
import { sandboxGet } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("developer") });

test("[YIELD][set-up] one step from the yield page to a picked test client whose wallets exist and are funded on the chain", async ({
  page,
}) => {
  await page.goto("/yield");
  const setUp = page.getByRole("region", { name: "Set up a test client" });
  await expect(setUp.getByRole("button", { name: "Set up a test client" })).toBeEnabled();
  await expectAccessible(page);
  // Before any test client exists (this spec may run first), the step is the page's empty state: kept for people to look at.
  if (await setUp.getByRole("heading", { name: "No test client yet" }).isVisible())
    await screens(page, "yield-empty", async () => await expect(setUp).toBeVisible());
  await setUp.getByRole("button", { name: "Set up a test client" }).click();
  const outcome = setUp.getByTestId("set-up-outcome");
  await expect(outcome).toContainText("is ready", { timeout: 60_000 });
  await expect(outcome).toContainText("the sandbox's faucet funded them");

  // The new client is picked: in the URL, and the page shows its EVM address.
  await expect(page).toHaveURL(/[?&]client=[a-z0-9]+/);
  const clientId = new URL(page.url()).searchParams.get("client")!;
  await expect(outcome).toContainText(clientId);
  const shown = (await page.getByTestId("yield-address").textContent())!.trim();

  // The sandbox knows the client and its EVM wallet, and the chain has the faucet's 10 native units there.
  const client = await sandboxGet<{ metadata: { namespaces: { eip155?: { address: string } } } }>(
    `/api/v3/custodians/me/clients/${clientId}`,
  );
  expect(client.metadata.namespaces.eip155?.address.toLowerCase()).toBe(shown.toLowerCase());
  await expect
    .poll(async () => formatEther(BigInt(await rpc<string>("eth_getBalance", [shown, "latest"]))), { timeout: 30_000 })
    .toBe("10");

  // It is a test client the console acts for: listed in the picker, with its wallet.
  await expect(page.getByLabel("Test client (to act)")).toHaveValue(clientId);
  await screens(page, "yield-set-up", async () => await expect(outcome).toBeVisible());
});
