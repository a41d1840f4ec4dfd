// Every order status has its words and a badge colour that reads at WCAG AA; the moves offered are the server's.
import { DEFAULT_THEME, getPrimaryShade, isLightColor, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrastRatio, shopTheme } from "../../app/theme";
import { ORDER_STATUS_COLOR, ORDER_STATUS_TEXT, ORDER_STATUSES, shopperMayCancel, staffMoves } from "./orderStatus";

const theme = mergeMantineTheme(DEFAULT_THEME, shopTheme);

describe("order statuses", () => {
  it("name the four statuses in the spec's words", () => {
    expect(ORDER_STATUSES.map((status) => ORDER_STATUS_TEXT[status])).toEqual(["pending", "in-transit", "delivered", "cancelled"]);
  });

  it.each(ORDER_STATUSES)("%s: its filled badge's text (black or white, by the theme's autoContrast) reads at 4.5:1 or more", (status) => {
    const colors = theme.colors[ORDER_STATUS_COLOR[status]];
    expect(colors).toBeDefined();
    const filled = colors[getPrimaryShade(theme, "light")];
    const text = isLightColor(filled, theme.luminanceThreshold) ? "#000000" : "#ffffff";
    expect(theme.autoContrast).toBe(true);
    expect(contrastRatio(filled, text)).toBeGreaterThanOrEqual(4.5);
  });

  it("the cancelled badge is told apart from the others by its colour too", () => {
    const others = ORDER_STATUSES.filter((status) => status !== "CANCELLED").map((status) => ORDER_STATUS_COLOR[status]);
    expect(others).not.toContain(ORDER_STATUS_COLOR.CANCELLED);
  });

  it("staff: pending and in-transit may take any fulfilment status or be cancelled; delivered only the fulfilment ones; cancelled nothing", () => {
    expect(staffMoves("PENDING")).toEqual(["PENDING", "IN_TRANSIT", "DELIVERED", "CANCELLED"]);
    expect(staffMoves("IN_TRANSIT")).toEqual(["PENDING", "IN_TRANSIT", "DELIVERED", "CANCELLED"]);
    expect(staffMoves("DELIVERED")).toEqual(["PENDING", "IN_TRANSIT", "DELIVERED"]);
    expect(staffMoves("CANCELLED")).toEqual([]);
  });

  it("a shopper may cancel only a pending order", () => {
    expect(ORDER_STATUSES.filter(shopperMayCancel)).toEqual(["PENDING"]);
  });
});
