// Text the shop can store. PostgreSQL refuses a NUL character in text, and a lone UTF-16 surrogate has no
// UTF-8 form; either would reach the database as a 500. Both adapters (GraphQL, REST) run untrusted input
// through findUnstorableText at the edge, and Checks.text applies the same rule inside the domain.
import { invalid, type ShopError } from "./errors.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a NUL character or a surrogate that is not half of a pair. */
export function isUnstorableText(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}

export const unstorableTextMessage = (field: string) =>
  `The ${field} contains characters that are not allowed (a NUL character or a broken UTF-16 surrogate). Remove them and try again.`;

/**
 * The path of the first text (a value, or an object's key) inside `value` that the shop cannot store,
 * such as "input.email" or "cart.0.name"; null when everything is clean. `at` names the value itself.
 * Walks with its own stack, so no nesting depth can overflow the call stack.
 */
export function findUnstorableText(value: unknown, at: string): string | null {
  const pending: [unknown, string][] = [[value, at]];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === "string") {
      if (isUnstorableText(item)) return path;
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) pending.push([item[index], join(path, String(index))]);
    } else if (typeof item === "object" && item !== null) {
      const entries = Object.entries(item);
      // eslint-disable-next-line no-control-regex -- NUL is exactly what is replaced
      for (const [key] of entries) if (isUnstorableText(key)) return join(path, key.replace(/[\u0000\uD800-\uDFFF]/g, "\uFFFD"));
      for (let index = entries.length - 1; index >= 0; index -= 1) pending.push([entries[index][1], join(path, entries[index][0])]);
    }
  }
  return null;
}

/** The BAD_USER_INPUT error for unstorable text at `field`, or null when `value` is clean. */
export function unstorableTextError(value: unknown, at: string): ShopError | null {
  const field = findUnstorableText(value, at);
  return field === null ? null : invalid({ [field]: [unstorableTextMessage(field)] });
}
