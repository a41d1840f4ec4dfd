// Product URLs: /products/{slug}. A slug is the name folded to lower-case a-z, 0-9 and single dashes.

/** Letters that Unicode decomposition does not split into a base letter and an accent. */
const FOLDED_LETTERS: Record<string, string> = {
  ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ð: "d", þ: "th", ł: "l", ı: "i", ħ: "h",
};

/** Longest slug base; room is left for a "-N" suffix. */
const MAX_SLUG_BASE = 200;

/** "Monstera Deliciosa – Größe L" -> "monstera-deliciosa-grosse-l". Never empty. */
export function slugify(text: string): string {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðþłıħ]/g, (letter) => FOLDED_LETTERS[letter])
    .replace(/&/g, " and ");
  const slug = folded
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_BASE)
    .replace(/-+$/, "");
  // A name with no Latin letters or digits (e.g. "🌵" alone) still needs a URL.
  return slug || "product";
}

/** The base itself when free, else the first of base-2, base-3 ... that is not taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
