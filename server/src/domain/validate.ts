// Small, explicit input checks that collect every problem per field before failing once.
import { invalid, type FieldErrors } from "./errors.js";
import { parseDollars, type Cents } from "./money.js";
import { isUnstorableText, unstorableTextMessage } from "./text.js";

/** Something@something.something with no spaces: what the shop takes as an email address (sign-up, the admin's). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailAddress = (text: string): boolean => EMAIL_PATTERN.test(text);

export class Checks {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  has(field: string): boolean {
    return field in this.errors;
  }

  /** A required text: must be a string, trimmed non-empty, at most max characters. Returns the trimmed text. */
  text(field: string, value: unknown, label: string, { max = 255, min = 1 }: { max?: number; min?: number } = {}): string {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      this.add(field, `The ${label} field is required.`);
      return "";
    }
    if (typeof value !== "string") {
      this.add(field, `The ${label} must be text.`);
      return "";
    }
    if (isUnstorableText(value)) {
      this.add(field, unstorableTextMessage(label));
      return "";
    }
    const text = value.trim();
    if (text.length < min) this.add(field, `The ${label} must be at least ${min} characters.`);
    if (text.length > max) this.add(field, `The ${label} may not be greater than ${max} characters.`);
    return text;
  }

  /** Optional text: undefined/null/blank become null. */
  optionalText(field: string, value: unknown, label: string, max = 255): string | null {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
    return this.text(field, value, label, { max });
  }

  email(field: string, value: unknown): string {
    const text = this.text(field, value, "email");
    if (text && !isEmailAddress(text)) this.add(field, "The email must be a valid email address.");
    return text.toLowerCase();
  }

  /** Dollars as a number or numeric string, at most two decimals, into cents. */
  money(field: string, value: unknown, label: string, { allowZero = false } = {}): Cents {
    if (value === undefined || value === null || value === "") {
      this.add(field, `The ${label} field is required.`);
      return 0;
    }
    const cents = parseDollars(value);
    if (cents === null) {
      this.add(field, `The ${label} must be a number of dollars with at most two decimals.`);
      return 0;
    }
    if (!allowZero && cents === 0) this.add(field, `The ${label} must be greater than 0.`);
    return cents;
  }

  wholeNumber(field: string, value: unknown, label: string, { min = 0, max = 1_000_000 } = {}): number {
    const number = typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    if (value === undefined || value === null || value === "") {
      this.add(field, `The ${label} field is required.`);
      return 0;
    }
    if (typeof number !== "number" || !Number.isInteger(number)) {
      this.add(field, `The ${label} must be a whole number.`);
      return 0;
    }
    if (number < min || number > max) this.add(field, `The ${label} must be between ${min} and ${max}.`);
    return number;
  }

  /** Throws one BAD_USER_INPUT error listing every field's messages, if there were any. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw invalid(this.errors);
  }
}

/** Ids arrive as numbers (GraphQL Int) or path segments (REST); anything else is an unknown record. */
export function parseId(value: unknown): number | null {
  const number = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number > 0 && number <= 2_147_483_647 ? number : null;
}

/** Untrusted input (a JSON body, GraphQL args) as a bag of fields; anything but an object has none. */
export function fieldsOf(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
