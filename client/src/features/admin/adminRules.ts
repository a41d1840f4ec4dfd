// The admin screens' rules: required fields and the dashboard's growth figures.
// List search (name; order number or reference; name or email) is the server's.

/** The inline error of a field the API cannot take empty. */
export const REQUIRED = "Required";

/** Dashboard growth: a whole number of percent with a leading plus sign when positive ("+12%", "0%", "-4%"). */
export function formatGrowth(percent: number): string {
  const whole = Math.round(percent) || 0;
  return `${whole > 0 ? "+" : ""}${whole}%`;
}
