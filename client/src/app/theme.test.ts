// The theme keeps every text and control at WCAG AA (4.5:1) against what it sits on.
import { DEFAULT_THEME, getPrimaryShade, isLightColor, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { ORDER_STATUS_COLOR, ORDER_STATUSES } from "../lib/orders/orderStatus";
import { PAYMENT_STATUS_COLOR, PAYMENT_STATUSES } from "../lib/orders/paymentStatus";
import { contrastRatio, readableShade, shopCssVariables, shopTheme } from "./theme";

const theme = mergeMantineTheme(DEFAULT_THEME, shopTheme);
const light = shopCssVariables(theme).light;
const WHITE = "#ffffff";
const BLACK = "#000000";
const colourNames = Object.keys(theme.colors).filter((name) => name !== "dark" && name !== "gray");

describe("the shop's theme (WCAG 2.1 AA)", () => {
  it("is still Verdant's green, with white text on its primary shade at 4.5:1 or more (and the focus ring at 3:1)", () => {
    expect(theme.primaryColor).toBe("green");
    const primary = theme.colors.green[getPrimaryShade(theme, "light")];
    expect(contrastRatio(primary, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.colors.green[9], WHITE)).toBeGreaterThanOrEqual(4.5); // hover
  });

  it("dimmed text reads at 4.5:1 on white and on the footer's pale green", () => {
    const dimmed = light["--mantine-color-dimmed"];
    expect(contrastRatio(dimmed, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dimmed, theme.colors.green[0])).toBeGreaterThanOrEqual(4.5);
  });

  it("a field's error (its message and its text) reads at 4.5:1 on white", () => {
    const error = light["--mantine-color-error"];
    expect(contrastRatio(error, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(colourNames)("%s: filled buttons and badges get black or white text at 4.5:1 (autoContrast)", (name) => {
    const filled = theme.colors[name][getPrimaryShade(theme, "light")];
    const text = isLightColor(filled, theme.luminanceThreshold) ? BLACK : WHITE;
    expect(theme.autoContrast).toBe(true);
    expect(contrastRatio(filled, text)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(colourNames)("%s: coloured text, outline and light variants read at 4.5:1", (name) => {
    const colors = theme.colors[name];
    for (const variable of ["text", "light-color", "outline"]) {
      const value = light[`--mantine-color-${name}-${variable}`];
      expect(contrastRatio(value, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(value, colors[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(value, colors[2])).toBeGreaterThanOrEqual(4.5); // light variant hovered
    }
  });

  it.each(ORDER_STATUSES)("the %s order status badge: its colour is the theme's, with black or white text at 4.5:1", (status) => {
    const colors = theme.colors[ORDER_STATUS_COLOR[status]];
    expect(colors).toBeDefined();
    const filled = colors[getPrimaryShade(theme, "light")];
    const text = isLightColor(filled, theme.luminanceThreshold) ? BLACK : WHITE;
    expect(contrastRatio(filled, text)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(PAYMENT_STATUSES)("the %s payment status badge: its colour is the theme's, with black or white text at 4.5:1", (status) => {
    const colors = theme.colors[PAYMENT_STATUS_COLOR[status]];
    expect(colors).toBeDefined();
    const filled = colors[getPrimaryShade(theme, "light")];
    const text = isLightColor(filled, theme.luminanceThreshold) ? BLACK : WHITE;
    expect(contrastRatio(filled, text)).toBeGreaterThanOrEqual(4.5);
  });

  it("the payment status badges are told apart from the order status badges beside them by their colours", () => {
    const orderColours = ORDER_STATUSES.map((status) => ORDER_STATUS_COLOR[status]);
    for (const status of PAYMENT_STATUSES) expect(orderColours).not.toContain(PAYMENT_STATUS_COLOR[status]);
    expect(new Set(PAYMENT_STATUSES.map((status) => PAYMENT_STATUS_COLOR[status])).size).toBe(PAYMENT_STATUSES.length);
  });

  it("darkens a colour none of whose shades is dark enough", () => {
    const pale = ["#fffbe6", "#fff3bf", "#ffec99", "#ffe066", "#ffd43b", "#fcc419", "#fab005", "#f59f00", "#f08c00", "#e67700"];
    const readable = readableShade(pale);
    expect(pale).not.toContain(readable);
    expect(contrastRatio(readable, WHITE)).toBeGreaterThanOrEqual(4.5);
  });
});
