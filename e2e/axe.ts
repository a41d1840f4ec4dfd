// axe-core (WCAG 2.0/2.1 A and AA, plus best practices) run inside a page driven by playwright-core:
// the journeys fail on any finding, and `npm run audit:a11y` prints them per screen.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

// Evaluated through the DevTools protocol, which the shop's Content-Security-Policy (script-src 'self')
// does not govern: the journeys keep the real policy.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; summary: string }>;
}

type AxeRun = (context: Document, options: unknown) => Promise<{
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[]; failureSummary?: string }> }>;
}>;

/**
 * Runs axe on the page as it is now; returns its violations (an empty list when the page passes) and
 * whether the screen was settled throughout: its heading (`[data-page-heading]`) there before and after the
 * run, on the same path, no results being replaced (`aria-busy`: dimmed while newer ones load, see
 * UpdatingResults) and no dialog caught between its first frame and its name. All read in one evaluation
 * inside the page, so no navigation can slip between.
 */
async function axeRun(page: Page): Promise<{ findings: AxeFinding[]; settled: boolean }> {
  // Run by tsx (npm run audit:a11y), the functions below carry esbuild's __name() calls, which the page lacks.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${axeSource};globalThis.__name ??= (target) => target;`);
  return page.evaluate(async (tags) => {
    const inPage = window as unknown as { axe: { run: AxeRun }; axeRuns?: Promise<unknown> };
    const heading = () => document.querySelector("[data-page-heading]");
    const busy = () => document.querySelector('[aria-busy="true"]') !== null;
    const audit = async () => {
      const path = location.pathname;
      const before = heading();
      // Results that just stopped being replaced fade back in (150 ms): audited once they have.
      const busyBefore = busy() || (await new Promise<boolean>((resolve) => setTimeout(() => resolve(busy()), 250)));
      const result = await inPage.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      // Mantine names a dialog (aria-labelledby its title) in an effect after the dialog's first frame: a
      // dialog opening while axe ran is not the screen at rest. One still nameless after five tries is reported.
      const dialogOpening = result.violations.some((violation) => violation.id === "aria-dialog-name");
      const settled = before !== null && heading() === before && location.pathname === path && !busyBefore && !busy() && !dialogOpening;
      const findings = result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: node.target.map(String), summary: node.failureSummary ?? "" })),
      }));
      return { findings, settled };
    };
    // axe refuses to start while another run is going (the audit of every screen and a journey's own check
    // of a state can meet): the runs in one page take turns.
    const earlier = inPage.axeRuns ?? Promise.resolve();
    const run = earlier.catch(() => undefined).then(audit);
    inPage.axeRuns = run;
    return run;
  }, AXE_TAGS);
}

/** Runs axe on the page as it is now; returns its violations (an empty list when the page passes). */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  return (await axeRun(page)).findings;
}

/** How many elements the findings point at in all. */
export const countNodes = (findings: AxeFinding[]) => findings.reduce((sum, finding) => sum + finding.nodes.length, 0);

/** A readable account of the findings: one line per rule, with the first elements it points at. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((finding) => {
      const targets = finding.nodes.slice(0, 5).map((node) => `      ${node.target.join(" ")}: ${node.summary.split("\n").slice(1, 2).join("").trim()}`);
      return `  ${finding.id} (${finding.impact ?? "?"}, ${finding.nodes.length}): ${finding.help}\n${targets.join("\n")}`;
    })
    .join("\n");
}

/** Fails with axe's account when the page as it is now has any finding (a dialog open, a state shown). */
export async function expectAccessible(page: Page, what = new URL(page.url()).pathname): Promise<void> {
  const findings = await axeFindings(page);
  if (findings.length) throw new Error(`axe found ${countNodes(findings)} problem(s) on ${what}:\n${describeFindings(findings)}`);
}

/**
 * Audits every screen a page shows: on each navigation of its main frame (route changes
 * included) once the new page's heading is there, each path once. `finish` waits for the audits and fails
 * with every finding.
 */
export function auditEveryScreen(page: Page): { finish: () => Promise<void> } {
  let chain = Promise.resolve();
  const audited = new Set<string>();
  const failures: string[] = [];
  const audit = async (path: string) => {
    try {
      // A screen may show its heading, then a loading view (a lazy screen, a query), then itself again:
      // axe's answer counts once the heading was there throughout its run.
      for (let attempt = 1; attempt <= 5; attempt++) {
        await page.locator("[data-page-heading]").first().waitFor({ state: "attached", timeout: 10_000 }).catch(() => undefined);
        await page.waitForTimeout(300);
        // Gone on before it settled: audited when it shows again.
        if (new URL(page.url()).pathname !== path) return void audited.delete(path);
        const { findings, settled } = await axeRun(page);
        // Left while axe ran (a link followed at once): what axe saw was the next screen on its way, not this
        // one. Audited when it shows again; the next screen is audited once its heading is there.
        if (new URL(page.url()).pathname !== path) return void audited.delete(path);
        if (!settled && attempt < 5) continue;
        if (findings.length) failures.push(`${path}: ${countNodes(findings)} problem(s)\n${describeFindings(findings)}`);
        return;
      }
    } catch {
      // The page navigated or closed while axe ran: audited when it shows again.
      audited.delete(path);
    }
  };
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    // The shop's own screens only: not the development mailbox, the API or pictures.
    if (!url.protocol.startsWith("http") || /^\/(dev|graphql|uploads|api)(\/|$)/.test(url.pathname) || audited.has(url.pathname)) return;
    audited.add(url.pathname);
    chain = chain.then(() => audit(url.pathname));
  });
  return {
    finish: async () => {
      await chain;
      if (failures.length) throw new Error(`axe found problems on ${failures.length} screen(s):\n${failures.join("\n")}`);
    },
  };
}
