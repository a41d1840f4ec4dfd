import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "../browser.js";
import { startShop, type RunningShop } from "../shop.js";

/** A fresh shop (started by `npm start`) and a browser for one journey file. */
export function useShop(): { shop: () => RunningShop; browser: () => Browser } {
  let shop: RunningShop | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    shop = await startShop(process.env.E2E_DB === "postgres" ? "postgres" : "pglite");
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
  return { shop: () => shop!, browser: () => browser! };
}
