// One REST operation: method, path, what it takes, what it answers and the handler. The router serves
// these definitions and openapi.ts documents the very same objects.
import type { Request } from "express";
import type { Shop } from "../domain/shop.js";
import type { ImageUpload } from "../domain/images.js";
import type { Viewer } from "../domain/viewer.js";
import type { InvalidStyle } from "./errors.js";
import type { Schema } from "./schema.js";

/**
 * Who may call: "guest" anyone; "user" a signed-in user (401 otherwise); "admin" an admin (401/403).
 * The domain enforces the same rule again for every operation; the shim checks first only so that it
 * never reads a body (an upload) for a caller who will be refused anyway.
 */
export type Access = "guest" | "user" | "admin";

export type Body =
  | { kind: "none" }
  /** A JSON object (application/x-www-form-urlencoded is read too, as Laravel did). */
  | { kind: "json"; schema: Schema }
  /** multipart/form-data; `files` names the parts that carry files. */
  | { kind: "multipart"; schema: Schema; files: readonly string[] };

export interface Answer {
  status: number;
  description: string;
  schema: Schema;
}

export interface CallContext {
  shop: Shop;
  viewer: Viewer | null;
  /** The caller's IP address (Express's req.ip, behind a trusted local proxy its client's), for throttling. */
  clientAddress: string | null;
  /** Path parameters, raw: the domain decides what an unknown or malformed id means (404). */
  params: Record<string, string>;
  /** Query parameters, parsed to the types their schemas name. */
  query: Record<string, unknown>;
  /** The JSON object or the form's text fields; {} when there is no body. */
  body: Record<string, unknown>;
  files: Record<string, ImageUpload>;
  req: Request;
}

export interface Reply {
  status?: number;
  body: unknown;
}

export interface Route {
  /** The operationId in the OpenAPI document. */
  name: string;
  method: "get" | "post" | "delete";
  /** OpenAPI style, e.g. /products/{slug}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: Record<string, Schema>;
  query?: Record<string, Schema>;
  body: Body;
  /** The success answers (the first is the usual one). */
  ok: Answer[];
  /** Failure statuses this operation can answer beyond those its access implies (401, 403). */
  fails: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429)[];
  invalidStyle?: InvalidStyle;
  handle(call: CallContext): Promise<Reply>;
}

export const defineRoutes = (routes: Route[]): Route[] => routes;
