// Debian's Chromium driven by playwright-core (no browser download), with the launch flags that work
// as root on these machines (see shared/STACK.md). A failing journey leaves a screenshot and the
// page's console in e2e/artifacts/.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { auditEveryScreen } from "./axe.js";
import { repoRoot } from "./shop.js";

export const artifactsDir = path.join(repoRoot, "e2e", "artifacts");
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(executablePath)) {
    throw new Error(`No Chromium at ${executablePath}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      // A fresh profile: playwright-core refuses --user-data-dir with launch(), and launch() itself
      // makes a new temporary profile per browser and deletes it on close.
    ],
  });
}

export interface Journey {
  context: BrowserContext;
  page: Page;
  console: string[];
}

/**
 * Opens a fresh browser context (its own storage), and on failure saves what CI's log points to. Every
 * screen the journey's page shows is audited with axe: a finding fails the journey. Motion is
 * reduced (the theme honours it), so no audit meets a half-faded toast or dialog.
 */
export async function journey(browser: Browser, name: string, work: (j: Journey) => Promise<void>, options: { viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  const audits = auditEveryScreen(page);
  const consoleLines: string[] = [];
  page.on("console", (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
  page.on("pageerror", (error) => consoleLines.push(`[pageerror] ${error.message}`));
  try {
    await work({ context, page, console: consoleLines });
    await audits.finish();
  } catch (error) {
    fs.mkdirSync(artifactsDir, { recursive: true });
    const base = path.join(artifactsDir, name.replace(/[^a-z0-9]+/gi, "-").toLowerCase());
    await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
    fs.writeFileSync(`${base}.console.txt`, consoleLines.join("\n"));
    console.error(`Journey "${name}" failed: screenshot ${base}.png, console ${base}.console.txt`);
    throw error;
  } finally {
    await context.close();
  }
}
