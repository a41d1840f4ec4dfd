// The shop's look for email: one frame (the green Verdant header, a white card, a footer) around a few
// kinds of blocks, each written twice from the same words: as HTML for mail programs and as plain text
// for the text part, so the two versions never say different things.
//
// Accessibility: lang="en", a <title>, one <h1>, layout tables marked role="presentation", a data table
// with <th scope>, real link texts (the button's address is also printed in full), 16 px body text, and
// colours that pass WCAG AA on white (#2b8a3e green 4.7:1, #495057 grey 7.6:1, white on green 4.7:1).
// Styles are inline: many mail programs drop <style> blocks.
import { SHOP_NAME } from "../../domain/messaging/index.js";

export const GREEN = "#2b8a3e";
const INK = "#1b1b1b";
const MUTED = "#495057";
const LINE = "#dee2e6";
const PAGE = "#f1f3f5";
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const SERIF = "Georgia, 'Times New Roman', serif";

/** One piece of an email's body. */
export type Block =
  | { type: "paragraph"; text: string }
  | { type: "note"; text: string }
  | { type: "button"; label: string; url: string }
  /** Label and value pairs, e.g. Order number: ORD-…. */
  | { type: "facts"; rows: ReadonlyArray<readonly [string, string]> }
  /** A table with a header row; `totals` are label/value rows under it, the last one in bold. */
  | { type: "table"; caption: string; columns: readonly string[]; numeric: readonly boolean[]; rows: ReadonlyArray<readonly string[]>; totals: ReadonlyArray<readonly [string, string]> };

export interface EmailBody {
  headline: string;
  blocks: Block[];
}

export interface RenderedEmail {
  html: string;
  text: string;
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

const cell = (numeric: boolean, extra = "") =>
  `style="padding:8px 6px;border-bottom:1px solid ${LINE};text-align:${numeric ? "right" : "left"};${extra}"`;

function blockHtml(block: Block): string {
  switch (block.type) {
    case "paragraph":
      return `<p style="margin:0 0 16px;">${escapeHtml(block.text)}</p>`;
    case "note":
      return `<p style="margin:0 0 16px;font-size:14px;color:${MUTED};overflow-wrap:anywhere;">${escapeHtml(block.text)}</p>`;
    case "button":
      return `<p style="margin:24px 0;"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:${GREEN};color:#ffffff;font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:6px;">${escapeHtml(block.label)}</a></p>`;
    case "facts":
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${block.rows
        .map(([label, value]) => `<tr><td style="padding:2px 16px 2px 0;color:${MUTED};vertical-align:top;">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:bold;">${escapeHtml(value)}</td></tr>`)
        .join("")}</table>`;
    case "table": {
      const head = block.columns.map((column, index) => `<th scope="col" ${cell(block.numeric[index], `color:${MUTED};font-size:14px;`)}>${escapeHtml(column)}</th>`).join("");
      const body = block.rows
        .map((row) => `<tr>${row.map((value, index) => `<td ${cell(block.numeric[index])}>${escapeHtml(value)}</td>`).join("")}</tr>`)
        .join("");
      const totals = block.totals
        .map(([label, value], index) => {
          const last = index === block.totals.length - 1;
          const weight = last ? `font-weight:bold;border-top:2px solid ${INK};` : "";
          return `<tr><th scope="row" colspan="${block.columns.length - 1}" ${cell(true, weight)}>${escapeHtml(label)}</th><td ${cell(true, weight)}>${escapeHtml(value)}</td></tr>`;
        })
        .join("");
      return `<table cellpadding="0" cellspacing="0" width="100%" style="border-collapse:collapse;margin:8px 0 16px;font-size:15px;"><caption style="text-align:left;font-weight:bold;padding:0 0 8px;">${escapeHtml(block.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody><tfoot>${totals}</tfoot></table>`;
    }
  }
}

function blockText(block: Block): string {
  switch (block.type) {
    case "paragraph":
    case "note":
      return block.text;
    case "button":
      return `${block.label}:\n${block.url}`;
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "table": {
      const lines = block.rows.map((row) => `- ${row.map((value, index) => `${block.columns[index]}: ${value}`).join(", ")}`);
      return [`${block.caption}:`, ...lines, "", ...block.totals.map(([label, value]) => `${label}: ${value}`)].join("\n");
    }
  }
}

/** The whole email in the shop's frame, as HTML and as plain text. */
export function renderInFrame(body: EmailBody, options: { subject: string; shopUrl: string; footer: string }): RenderedEmail {
  const { subject, shopUrl, footer } = options;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${PAGE};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PAGE};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${LINE};border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:3px solid ${GREEN};"><a href="${escapeHtml(shopUrl)}/" style="font-family:${SERIF};font-size:26px;font-weight:bold;color:${GREEN};text-decoration:none;">${SHOP_NAME}</a></td></tr>
<tr><td style="padding:32px;font-family:${SANS};font-size:16px;line-height:1.5;color:${INK};">
<h1 style="margin:0 0 16px;font-family:${SERIF};font-size:24px;line-height:1.3;color:${INK};">${escapeHtml(body.headline)}</h1>
${body.blocks.map(blockHtml).join("\n")}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${LINE};font-family:${SANS};font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(footer)} <a href="${escapeHtml(shopUrl)}/" style="color:${GREEN};">${escapeHtml(shopUrl.replace(/^https?:\/\//, ""))}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [SHOP_NAME.toUpperCase(), "", body.headline, "=".repeat(body.headline.length), "", ...body.blocks.flatMap((block) => [blockText(block), ""]), "--", `${footer} ${shopUrl}/`, ""].join("\n");
  return { html, text };
}
