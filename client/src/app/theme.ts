// The shop's Mantine theme, accessible to WCAG 2.1 AA: every text and control reaches 4.5:1 against what it
// sits on, the focus ring 3:1, by Mantine's own means rather than per-component overrides:
// - Verdant's green keeps its light shades, with darker 7-9: the primary shade (8) carries white text at
//   5.4:1 and reads as green text on white and on the pale green footer; 9 (hover) 7.8:1.
// - autoContrast with the WCAG crossover (luminance 0.179) picks black or white text on every filled colour,
//   so red, orange and yellow badges and buttons are readable without picking each text colour by hand.
// - Each colour's text (c="orange", light and outline variants, an active NavLink) takes the first of its
//   dark shades that reaches 4.5:1 on white and on its pale backgrounds (hovered too), darkened further
//   when none does.
// - Dimmed text is a darker grey (6.1:1 on white, 5.7:1 on the footer's pale green).
// - A field's error (its message, text and border) is the readable red, not Mantine's red 6 (3.28:1).
import { Anchor, createTheme, darken, luminance, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

const verdantGreen: MantineColorsTuple = [
  "#ebfbee",
  "#d3f9d8",
  "#b2f2bb",
  "#8ce99a",
  "#69db7c",
  "#51cf66",
  "#40c057",
  "#2b8a3e",
  "#237a37",
  "#1b5e2b",
];

/** WCAG contrast ratio of two colours. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

const AA_TEXT = 4.5;

/**
 * The lightest of a colour's dark shades that reads at 4.5:1 on white and on its own pale shades (1: the
 * light variant, 2: the light variant hovered).
 */
export function readableShade(colors: readonly string[]): string {
  const fits = (color: string) => ["#ffffff", colors[1], colors[2]].every((background) => contrastRatio(color, background) >= AA_TEXT);
  const shade = [7, 8, 9].map((index) => colors[index]).find(fits);
  if (shade) return shade;
  let darker = colors[9];
  for (let amount = 0.05; !fits(darker) && amount < 1; amount += 0.05) darker = darken(colors[9], amount);
  return darker;
}

/** Light scheme: dimmed text, and each colour's text, outline and light-variant text at 4.5:1. */
export const shopCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { "--mantine-color-dimmed": "#5c636a" };
  for (const [name, colors] of Object.entries(theme.colors)) {
    if (name === "dark" || name === "gray" || !colors) continue;
    const readable = readableShade(colors);
    light[`--mantine-color-${name}-text`] = readable;
    light[`--mantine-color-${name}-light-color`] = readable;
    light[`--mantine-color-${name}-outline`] = readable;
  }
  // A field in error (its text, border and message) in the readable red, not Mantine's red 6 (3.28:1 on white).
  light["--mantine-color-error"] = readableShade(theme.colors.red);
  return { variables: {}, light, dark: {} };
};

export const shopTheme = createTheme({
  primaryColor: "green",
  colors: { green: verdantGreen },
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: "md",
  // Keyboard users always see where focus is (the ring is the primary shade: 5.4:1 on white).
  focusRing: "always",
  // Transitions are skipped for people who ask their system for less motion.
  respectReducedMotion: true,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "Georgia, 'Times New Roman', serif" },
  components: {
    // Links are told apart from the text around them by more than colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: "always" } }),
    // Every close button is named for screen readers; a dialog's header is not a second page banner.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close menu" } } },
    ModalHeader: { defaultProps: { component: "div" } },
    DrawerHeader: { defaultProps: { component: "div" } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close notification" } } },
    // A table that scrolls sideways on a phone can be scrolled from the keyboard (its viewport takes focus).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});
