import { createTheme } from "@mantine/core";

export const shopTheme = createTheme({
  primaryColor: "green",
  defaultRadius: "md",
  // Keyboard users always see where focus is.
  focusRing: "always",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "Georgia, 'Times New Roman', serif" },
});
