// One REST operation: method, path, what it takes, what it answers and the handler. The router serves
// these definitions and openapi.ts documents the very same objects: the zod schemas that read a
// request are the ones the document shows.
import type { Request, Response } from "express";
import type * as z from "zod";
import type { Shop } from "../domain/shop.js";
import type { ApiScope, Viewer } from "../domain/shared/index.js";
import type { InvalidStyle } from "./errors.js";

/**
 * Who may call, as the document states it: "guest" anyone; "user" a signed-in user (401 otherwise);
 * "admin" an admin (401/403). The domain service behind the route is what enforces it (rest-http.test.ts
 * checks that the two agree); the router itself checks nobody.
 */
export type Access = "guest" | "user" | "admin";

export type Body =
  | { kind: "none" }
  /** A JSON object (application/x-www-form-urlencoded is read too, as Laravel did), mapped by `schema`. */
  | { kind: "json"; schema: z.ZodType }
  /** multipart/form-data; `files` names the parts that carry files. The files join the text fields for `schema`. */
  | { kind: "multipart"; schema: z.ZodType; files: readonly string[] };

/** What a route's body reads as: its schema's output (the domain's input). */
export type BodyOf<B extends Body> = B extends { schema: infer S extends z.ZodType } ? z.output<S> : never;

export interface Answer {
  status: number;
  description: string;
  /** What the body holds (documented only: views.ts makes it). */
  schema: z.ZodType;
}

export interface CallContext<B extends Body = Body> {
  shop: Shop;
  viewer: Viewer | null;
  /** The caller's IP address (Express's req.ip, behind a trusted local proxy its client's), for throttling. */
  clientAddress: string | null;
  /** Path parameters, raw: the domain decides what an unknown or malformed id means (404). */
  params: Record<string, string>;
  /** Query parameters, read by their schemas. */
  query: Record<string, unknown>;
  /**
   * Reads the body and maps it to the domain's input. Handed to the domain service, which calls it only
   * once the viewer may act: a caller who will be refused never has a body (an upload) read.
   */
  body: () => Promise<BodyOf<B>>;
  req: Request;
}

export interface Reply {
  status?: number;
  body: unknown;
}

/**
 * A whole list that can grow (the catalogue, the admin's orders and users): a JSON array sent batch by batch
 * as the batches are read, never held whole. Nothing is sent before the first batch is read, so a refusal
 * there still answers with its status.
 */
export interface ListReply {
  items: AsyncIterable<unknown[]>;
}

/**
 * Whole lists that are the same for every caller until the catalogue changes (http/ provides it, with the
 * catalogue cache's invalidation and upper age): answers the request with the list kept under `key`, or
 * builds it from `json` (the array's text, piece by piece), keeps it and answers with it.
 */
export interface KeptLists {
  serve(key: string, req: Request, res: Response, json: () => AsyncIterable<string>): Promise<void>;
}

export interface Route<B extends Body = Body> {
  /** The operationId in the OpenAPI document. */
  name: string;
  method: "get" | "post" | "delete";
  /** OpenAPI style, e.g. /products/{slug}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /**
   * The API key scope that opens this call to a key (documented; the domain service enforces it). A key
   * may call guest routes and routes naming one of its scopes; nothing else.
   */
  scope?: ApiScope;
  /** Documented only: path parameters reach the domain raw. */
  params?: Record<string, z.ZodType>;
  query?: Record<string, z.ZodType>;
  /** Request headers the operation reads (documented only: the handler reads them from req). */
  headers?: Record<string, z.ZodType>;
  body: B;
  /** The success answers (the first is the usual one). */
  ok: Answer[];
  /** Failure statuses this operation can answer beyond those its access implies (401, 403). */
  fails: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429)[];
  invalidStyle?: InvalidStyle;
  /** "catalogue": a whole list the same for everyone until the catalogue changes: built once and kept (KeptLists). */
  keep?: "catalogue";
  handle(call: CallContext<B>): Promise<Reply | ListReply>;
}

/** A route, its handler typed by its own body schema. */
export const route = <B extends Body>(definition: Route<B>): Route => definition as unknown as Route;
