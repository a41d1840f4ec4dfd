// The shop's input rules as zod schemas, one per kind of field, each with the spec's exact messages.
// Service commands take one typed input in the domain's words (camelCase, money in cents) and parse it
// with these, field by field, so every field's problems are reported together, as people need them.
//
// A field schema accepts any value at run time (adapters hand over whatever a client sent) and refuses
// what does not fit with the message a person can act on; its static input type is the value a well-
// behaved adapter sends. `.meta()` gives the JSON Schema the REST document shows for the field.
import * as z from "zod";
import { invalid, notFound, type FieldErrors } from "./errors.js";
import { MAX_MONEY_CENTS, type Cents } from "./money.js";
import { isUnstorableText, unstorableTextMessage } from "./text.js";

/** A field schema: checks an untrusted value and gives the typed one (Out) a command works with. */
export type FieldSchema<Out, In = Out> = z.ZodType<Out, In>;

/** Something@something.something with no spaces: what the shop takes as an email address (sign-up, the admin's). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailAddress = (text: string): boolean => EMAIL_PATTERN.test(text);

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * A field rule written as a plain check: `problem` reports a message (the value is refused when any
 * was reported), the return value is the parsed one.
 */
export function fieldRule<Out, In = Out>(
  check: (value: unknown, problem: (message: string) => void) => Out,
  json: Record<string, unknown>,
): FieldSchema<Out, In> {
  return z
    .unknown()
    .transform((value, ctx) => {
      let refused = false;
      const parsed = check(value, (message) => {
        refused = true;
        ctx.addIssue({ code: "custom", message });
      });
      return refused ? z.NEVER : parsed;
    })
    .meta(json) as unknown as FieldSchema<Out, In>;
}

/**
 * The first rules of every text field: present (`missing` decides what counts as absent), text, and
 * storable. Reports the problem and answers null, or answers the text as given.
 */
function textValue(value: unknown, label: string, problem: (message: string) => void, missing: (value: unknown) => boolean): string | null {
  if (missing(value)) problem(`The ${label} field is required.`);
  else if (typeof value !== "string") problem(`The ${label} must be text.`);
  else if (isUnstorableText(value)) problem(unstorableTextMessage(label));
  else return value;
  return null;
}

/** A required text: trimmed non-empty, at most `max` characters. */
export const text = (label: string, { max = 255, min = 1 }: { max?: number; min?: number } = {}): FieldSchema<string> =>
  fieldRule<string>(
    (value, problem) => {
      const given = textValue(value, label, problem, isBlank);
      if (given === null) return "";
      const trimmed = given.trim();
      if (trimmed.length < min) problem(`The ${label} must be at least ${min} characters.`);
      if (trimmed.length > max) problem(`The ${label} may not be greater than ${max} characters.`);
      return trimmed;
    },
    { type: "string", maxLength: max },
  );

/** Optional text: absent or blank is null, anything else follows `text`. */
export const optionalText = (label: string, max = 255): FieldSchema<string | null, string | null | undefined> => {
  const required = text(label, { max });
  return fieldRule<string | null, string | null | undefined>(
    (value, problem) => {
      if (isBlank(value)) return null;
      const result = required.safeParse(value);
      if (!result.success) for (const issue of result.error.issues) problem(issue.message);
      return result.data ?? null;
    },
    { type: ["string", "null"], maxLength: max },
  );
};

/** An email address, lower-cased. */
export const email = (): FieldSchema<string> => {
  const required = text("email");
  return fieldRule<string>(
    (value, problem) => {
      const result = required.safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues) problem(issue.message);
        return "";
      }
      if (!isEmailAddress(result.data)) problem("The email must be a valid email address.");
      return result.data.toLowerCase();
    },
    { type: "string", format: "email" },
  );
};

/** A password as typed: not trimmed, since spaces may be part of it. */
export const password = (label: string, max: number): FieldSchema<string> =>
  fieldRule<string>(
    (value, problem) => {
      // Only nothing at all is missing: a password of spaces is a password.
      const given = textValue(value, label, problem, (candidate) => candidate === undefined || candidate === null || candidate === "");
      if (given === null) return "";
      if (given.length > max) problem(`The ${label} may not be greater than ${max} characters.`);
      return given;
    },
    { type: "string", maxLength: max },
  );

/**
 * An amount of money in whole cents. People see dollars, so a value that is no whole number of cents
 * (an adapter passes NaN for dollars it could not read) is refused in dollar words.
 */
export const cents = (label: string, { allowZero = false } = {}): FieldSchema<Cents> =>
  fieldRule<Cents>(
    (value, problem) => {
      if (value === undefined || value === null || value === "") {
        problem(`The ${label} field is required.`);
        return 0;
      }
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > MAX_MONEY_CENTS) {
        {
        problem(`The ${label} must be a number of dollars with at most two decimals.`);
        return 0;
      }
      }
      if (!allowZero && value === 0) problem(`The ${label} must be greater than 0.`);
      return value;
    },
    { type: "integer", minimum: 0, maximum: MAX_MONEY_CENTS },
  );

/** A whole number from min to max; a numeric string (as forms and query strings carry it) counts. */
export const wholeNumber = (label: string, { min = 0, max = 1_000_000 } = {}): FieldSchema<number, number | string> =>
  fieldRule<number, number | string>(
    (value, problem) => {
      if (value === undefined || value === null || value === "") {
        problem(`The ${label} field is required.`);
        return 0;
      }
      const number = typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof number !== "number" || !Number.isInteger(number)) {
        problem(`The ${label} must be a whole number.`);
        return 0;
      }
      if (number < min || number > max) problem(`The ${label} must be between ${min} and ${max}.`);
      return number;
    },
    { type: "integer", minimum: min, maximum: max },
  );

/** One of a few words (a role, a status), given any way; `required` and `invalid` are the two answers. */
export const oneOf = <T extends string>(values: readonly T[], messages: { required: string; invalid: string }): FieldSchema<T> =>
  fieldRule<T>(
    (value, problem) => {
      if (value === undefined || value === null || value === "") {
        problem(messages.required);
        return values[0];
      }
      if (!values.includes(value as T)) {
        problem(messages.invalid);
        return values[0];
      }
      return value as T;
    },
    { type: "string", enum: [...values] },
  );

/** A field whose rule depends on another field (a confirmation): passed on as given, the command checks it. */
export const anyValue = <In>(json: Record<string, unknown> = { type: "string" }): FieldSchema<unknown, In> =>
  z.unknown().meta(json) as unknown as FieldSchema<unknown, In>;

/** Ids arrive as numbers (GraphQL Int) or path segments (REST); anything else is an unknown record. */
export function parseId(value: unknown): number | null {
  const number = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number > 0 && number <= 2_147_483_647 ? number : null;
}

/** The record an id names, read by `read`; NOT_FOUND ("{noun} not found") when the id cannot be one or names none. */
export async function oneById<T>(id: unknown, noun: string, read: (id: number) => Promise<T | null>): Promise<T> {
  const parsed = parseId(id);
  const found = parsed === null ? null : await read(parsed);
  if (!found) throw notFound(noun);
  return found;
}

/** The fields of a command's input, each with its schema. */
export type FormShape = Record<string, z.ZodType>;

/** A form's parsed values. A field that was refused holds its schema's fallback; `Checks.done()` throws before use. */
export type FormValues<S extends FormShape> = { [K in keyof S]: z.output<S[K]> };

/** A form's typed input: what a well-behaved adapter sends (fields that may be left out are optional). */
export type FormInput<S extends FormShape> = {
  [K in keyof S as undefined extends z.input<S[K]> ? never : K]: z.input<S[K]>;
} & {
  [K in keyof S as undefined extends z.input<S[K]> ? K : never]?: z.input<S[K]>;
};

/**
 * A command's input, or a function that reads it. The REST shim passes a function, which the service
 * calls only after checking the viewer, so a caller who will be refused never has a body (an upload)
 * read, and hears 401/403 rather than the body's 422.
 */
export type Deferred<T> = T | (() => Promise<T>);

export async function received<T>(input: Deferred<T>): Promise<T> {
  return typeof input === "function" ? (input as () => Promise<T>)() : input;
}

/** Collects every problem per field before failing once. */
export class Checks {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Every problem so far, by field (for a caller that reports them elsewhere than in a thrown error). */
  found(): Readonly<FieldErrors> {
    return this.errors;
  }

  has(field: string): boolean {
    return field in this.errors;
  }

  /** One value through one field schema; its messages go on `field`. */
  field<Out>(field: string, schema: z.ZodType<Out>, value: unknown): Out {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) this.add(field, issue.message);
    // A refused value has no parsed form; done() throws before anyone uses it.
    return undefined as Out;
  }

  /**
   * Every field of `shape` read from `input` (anything but an object has no fields). Problems are
   * reported under the names the clients know (`names`, e.g. discountPrice -> discount_price).
   */
  form<S extends FormShape>(shape: S, input: unknown, names: Partial<Record<keyof S, string>> = {}): FormValues<S> {
    const fields = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
    const values: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(shape)) {
      const result = schema.safeParse(fields[key]);
      if (result.success) values[key] = result.data;
      else for (const issue of result.error.issues) this.add(names[key as keyof S] ?? key, issue.message);
    }
    return values as FormValues<S>;
  }

  /** Throws one BAD_USER_INPUT error listing every field's messages, if there were any. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw invalid(this.errors);
  }
}
