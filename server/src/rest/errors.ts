// What the REST shim answers when something fails. The domain's ShopError codes map to HTTP statuses;
// the bodies are shaped for the older client:
//
// - 422 (BAD_USER_INPUT): the body IS the field map, { "email": ["The email has already been taken."] }.
//   The old client "treats the body as a map of field to a list of messages (or a single message)" and
//   shows every message it finds, so a Laravel envelope ({ message, errors: {...} }) would make it show
//   the summary twice and "[object Object]" once. Routes whose old-client code reads `message` instead
//   (check-cart, order-store: "the response's message") get the same map plus a `message` string, which
//   is still a valid "field -> single message" entry for a client that walks the map.
// - 401, 403, 404, 409 and transport errors: { error, message }, the same text twice, because the old
//   client reads `error` on some screens (login, product load) and `message` on others (deletes, stores).
// - TOO_MANY_REQUESTS (sign-in and sign-up throttling) is 429 { error, message } with a Retry-After header.
// - CONFLICT is 409 everywhere; the only conflicts the old client meets (a second rating, deleting a
//   category that still has products, an order reference another account used) are not field errors,
//   and its screens show `message` (or a fixed text) for them.
import { INTERNAL_ERROR, ShopError, type ErrorCode } from "../domain/shared/index.js";

export type InvalidStyle = "fields" | "fields-and-message";

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

const STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export const plainError = (status: number, message: string): ErrorAnswer => ({ status, body: { error: message, message } });

/** A transport error thrown by the shim itself (unsupported media type, oversize body ...). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function errorAnswer(error: unknown, style: InvalidStyle = "fields"): ErrorAnswer {
  if (error instanceof ShopError) {
    const status = STATUS[error.code];
    if (error.code === "TOO_MANY_REQUESTS") {
      return { ...plainError(status, error.message), headers: { "Retry-After": String(error.retryAfterSeconds ?? 60) } };
    }
    if (error.code !== "BAD_USER_INPUT") return plainError(status, error.message);
    const fields = error.fields && Object.keys(error.fields).length > 0 ? error.fields : { message: [error.message] };
    return { status, body: style === "fields-and-message" ? { message: error.message, ...fields } : { ...fields } };
  }
  if (error instanceof HttpError) return plainError(error.status, error.message);
  // body-parser's errors carry a 4xx status and a type.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const type = (error as { type?: unknown }).type;
    if (status === 413) return plainError(413, "The request is too large.");
    if (type === "entity.parse.failed") return plainError(400, "The request body is not valid JSON.");
    if (status === 415 || type === "charset.unsupported" || type === "encoding.unsupported") {
      return plainError(415, "The request body's encoding is not supported.");
    }
    return plainError(status, "The request could not be understood.");
  }
  // Anything else is our fault: the caller hears only that; the router logs the error itself.
  return plainError(500, INTERNAL_ERROR);
}
