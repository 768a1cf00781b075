import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { webhookByRole } from "../fixtures/sandbox-api";
import { VIEWPORTS } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

const SEPARATORS = "/.?&=#-_:";

/**
 * Where each URL on the page wraps: the character before every line break (a character whose box starts
 * lower than the one before it), read from the layout the browser drew.
 */
const breaksOf = (page: Page) =>
  page.locator("[data-url]").evaluateAll((elements) =>
    elements.map((el) => {
      const chars: { ch: string; top: number }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ ch: text[i] as string, top: range.getBoundingClientRect().top });
        }
      }
      const before: string[] = [];
      for (let i = 1; i < chars.length; i++)
        if ((chars[i]?.top ?? 0) > (chars[i - 1]?.top ?? 0) + 2) before.push(chars[i - 1]?.ch ?? "");
      return { url: el.getAttribute("data-url"), text: chars.map((c) => c.ch).join(""), before };
    }),
  );

test("[ALERTS][webhook-url] a webhook's URL wraps after its separators, never inside a word, on a phone", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  const failing = await webhookByRole("failing");
  for (const path of ["/alerts", `/alerts/${failing.id}`]) {
    await page.goto(path);
    await expect(page.locator("[data-url]").first()).toBeVisible();
    const urls = await breaksOf(page);
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) {
      // The text read is the URL itself, so copying it from the page gives the webhook's address.
      expect(u.text).toBe(u.url);
      for (const ch of u.before) expect(SEPARATORS, `${u.url} wraps after "${ch}" on ${path}`).toContain(ch);
    }
    // At 390 px at least one URL does wrap, so the rule above was put to the test.
    expect(
      urls.some((u) => u.before.length > 0),
      `some URL wraps on ${path}`,
    ).toBe(true);
    await expectAccessible(page);
  }
});
