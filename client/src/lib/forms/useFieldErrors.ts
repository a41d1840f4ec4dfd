// A form shows each field's error beside it (Mantine's `error` prop gives the input
// aria-invalid and aria-describedby pointing at the message), besides the spec's notifications, and
// focus goes to the first invalid field so a keyboard or screen-reader user lands on what to fix.
import { useCallback, useEffect, useRef, useState } from "react";
import { invalidInputFields } from "../apollo/errors";

export type FieldErrors = Record<string, string>;

export interface FieldErrorsApi<E extends HTMLElement> {
  /** Put on the form (or whatever holds its fields): the first invalid field inside it takes focus. */
  ref: React.RefObject<E | null>;
  /** A field's message, for its `error` prop (undefined when it has none). */
  errorOf: (field: string) => string | undefined;
  /** Shows these messages (field -> message); the first invalid field takes focus. */
  show: (errors: FieldErrors) => void;
  /** Shows the server's messages by field from a failed request; false when the failure named no field. */
  showFailure: (error: unknown) => boolean;
  /** Clears one field's message (as the shopper edits it), or every one. */
  clear: (field?: string) => void;
}

export function useFieldErrors<E extends HTMLElement = HTMLFormElement>(): FieldErrorsApi<E> {
  const ref = useRef<E>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Counts each show, so the same messages shown twice move focus again.
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (shown === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

  const show = useCallback((next: FieldErrors) => {
    setErrors(next);
    setShown((count) => count + 1);
  }, []);
  const showFailure = useCallback(
    (error: unknown) => {
      const fields = invalidInputFields(error);
      if (!fields) return false;
      show(fields);
      return true;
    },
    [show],
  );
  const clear = useCallback((field?: string) => {
    setErrors((current) => {
      if (field === undefined) return {};
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }, []);
  const errorOf = useCallback((field: string) => errors[field], [errors]);
  return { ref, errorOf, show, showFailure, clear };
}
