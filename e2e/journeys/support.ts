import zlib from "node:zlib";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { launchBrowser } from "../browser.js";
import { startShop, type RunningShop, type StartOptions } from "../shop.js";

/** The demo logins the seed creates (README). */
export const demo = {
  admin: { email: "admin@verdant.shop", password: "admin-password-2026" },
  shopper: { email: "shopper@verdant.shop", password: "shopper-password-2026" },
} as const;

/** A phone-sized viewport. */
export const phone = { width: 390, height: 844 };

/**
 * A fresh shop (started by `npm start`, with `options.env` added to its environment) and a browser for one
 * journey file. E2E_SHOP_URL points the journeys at a shop already running on the demo data instead (for
 * trying one journey while editing).
 */
export function useShop(options: StartOptions = {}): { shop: () => RunningShop; browser: () => Browser } {
  let shop: RunningShop | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const running = process.env.E2E_SHOP_URL;
    shop = running ? { url: running, output: () => "", stop: async () => {} } : await startShop(process.env.E2E_DB === "postgres" ? "postgres" : "pglite", options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
  return { shop: () => shop!, browser: () => browser! };
}

/**
 * Asks the shop's GraphQL API directly. Only for what a journey must know or check behind the screens
 * (e.g. which product has little stock); the journeys themselves go through the UI.
 */
export async function graphql<T>(shopUrl: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(`${shopUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((error) => error.message).join("; ")}`);
  return body.data as T;
}

/** Waits for a notification (Mantine renders each one with role "alert") carrying this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
}

/** Waits until the element's text, trimmed, is the expected one. */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  const read = async () => ((await locator.textContent()) ?? "").trim();
  if (typeof expected === "string") await expect.poll(read, { timeout: 10_000 }).toBe(expected);
  else await expect.poll(read, { timeout: 10_000 }).toMatch(expected);
}

/** Signs in through the Welcome back form (the page must show it). */
export async function signInOnForm(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const form = page.getByRole("form", { name: "Welcome back" });
  await form.getByLabel("Email", { exact: true }).fill(credentials.email);
  await form.getByLabel("Password", { exact: true }).fill(credentials.password);
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await toast(page, "Log in successful");
}

/** Opens /login, signs in, and waits until the navigation shows the account link. */
export async function signIn(page: Page, shopUrl: string, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${shopUrl}/login`);
  await signInOnForm(page, credentials);
  await page.getByRole("navigation", { name: "Shop" }).getByRole("link", { name: "Account" }).waitFor();
}

/** What has focus: its tag, its accessible-ish name (aria-label, else label text, else text). */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { tag: "", name: "" };
    const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    const name = element.getAttribute("aria-label") ?? labelled ?? element.textContent ?? "";
    return { tag: element.tagName.toLowerCase(), name: name.replace(/\s+/g, " ").trim() };
  });

/** Presses Tab (Shift+Tab backwards) until the focused element's name matches; fails after `limit` presses. */
export async function tabTo(page: Page, name: string | RegExp, { backwards = false, limit = 60 } = {}): Promise<void> {
  const matches = (text: string) => (typeof name === "string" ? text === name : name.test(text));
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (matches((await focused(page)).name)) return;
  }
  throw new Error(`Tab never reached "${String(name)}" (focus is on ${JSON.stringify(await focused(page))})`);
}

/** CRC-32 as PNG chunks need it. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real, decodable 48x48 PNG: a green leaf-coloured square. */
export function greenSquarePng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0x2b, 0x8a, 0x3e]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
