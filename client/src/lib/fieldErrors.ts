// A 422-style answer is a map of field to a list of messages (or a single message); each message is
// shown as its own error notification.

export type FieldErrorMap = Record<string, readonly string[] | string | null | undefined>;

/** Every message of the map, in field order, without blanks. */
export function fieldErrorMessages(fields: FieldErrorMap): string[] {
  return Object.values(fields)
    .flatMap((entry) => (Array.isArray(entry) ? entry : [entry]))
    .filter((message): message is string => typeof message === "string" && message.trim() !== "");
}
