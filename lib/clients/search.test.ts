import { describe, expect, it } from "vitest";
import { classifySearch } from "./search";

describe("the header search box", () => {
  it.each([
    ["0x52908400098527886E0F7030069857D2E4169EE7", "EVM"],
    ["bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "Bitcoin"],
    ["tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "Bitcoin"],
    ["TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", "Tron"],
    ["GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7", "Stellar"],
    ["4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T", "Solana"],
  ])("takes %s as an address (%s)", (value, family) => {
    expect(classifySearch(`  ${value} `)).toEqual({ kind: "address", family, value });
  });

  it("takes a client id as a client id", () => {
    expect(classifySearch("cm5grsbnl86lqsbx041tq35tm")).toEqual({
      kind: "client-id",
      value: "cm5grsbnl86lqsbx041tq35tm",
    });
  });

  it("explains anything else", () => {
    expect(classifySearch("")).toMatchObject({ kind: "invalid" });
    expect(classifySearch("0x1234")).toMatchObject({ kind: "client-id" });
    expect(classifySearch("not an id!")).toMatchObject({
      kind: "invalid",
      message: expect.stringContaining("neither"),
    });
  });
});
