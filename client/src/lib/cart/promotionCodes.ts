// The promotion codes a shopper entered, kept with the cart (cartStorage.ts) until the order is placed or the
// cart is cleared. The server decides whether each one applies (cartQuote's `codes`, applyCode); here only
// the shape it takes them in: trimmed, upper case, at most MAX_CODES of at most MAX_CODE_LENGTH characters.

/** How many codes one order takes (the server refuses more). */
export const MAX_CODES = 5;
/** The longest code the server reads. */
export const MAX_CODE_LENGTH = 64;
/** The address parameter of a shared link that adds a code: /?code=SPRING10 (repeatable). */
export const CODE_PARAMETER = "code";

/** A code as the server compares and answers it: trimmed, upper case. */
export const normalCode = (code: string): string => code.trim().toUpperCase();

const isKeepable = (code: string) => code !== "" && code.length <= MAX_CODE_LENGTH;

/** The codes with this one added at the end (once; a blank or too long code, or a sixth one, is not kept). */
export function withCode(codes: readonly string[], code: string): readonly string[] {
  const added = normalCode(code);
  if (!isKeepable(added) || codes.includes(added) || codes.length >= MAX_CODES) return codes;
  return [...codes, added];
}

/** The codes without this one. */
export function withoutCode(codes: readonly string[], code: string): readonly string[] {
  const removed = normalCode(code);
  return codes.includes(removed) ? codes.filter((kept) => kept !== removed) : codes;
}

/** The codes a shared link carries in its query string ("?code=SPRING10&code=BIG20"), normalised. */
export function codesInAddress(search: string): string[] {
  return new URLSearchParams(search)
    .getAll(CODE_PARAMETER)
    .map(normalCode)
    .filter(isKeepable);
}

/** A saved list of codes, or none when it cannot be read. */
export function readCodes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((code): code is string => typeof code === "string").reduce<readonly string[]>(withCode, []) as string[];
}
