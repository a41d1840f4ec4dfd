// The built page asks for its scripts at low priority, after the stylesheet and the pictures (issue 21).
import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "./scripts-after-content";

const vitePage = `<head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/Box-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
</head>`;

describe("scripts after the content", () => {
  it("marks the entry module and its modulepreloads low priority, not the stylesheet", () => {
    const page = lowPriorityScripts(vitePage);
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Box-b.js">');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c.css">');
    expect(lowPriorityScripts(page)).toBe(page);
  });
});
