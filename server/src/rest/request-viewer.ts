// Who an HTTP request (REST shim, file downloads) acts as: the viewer its Authorization header names, carrying
// the request's address for the audit trail (a copy: a key's viewer may be shared), and the API key named on
// the request's log line (http/logging.ts). A missing or bad token: null, a guest.
import type { Request } from "express";
import type { Viewer } from "../domain/shared/index.js";
import type { Shop } from "../domain/shop.js";

export async function requestViewer(shop: Shop, req: Request): Promise<Viewer | null> {
  const caller = await shop.tokens.viewerFromAuthorization(req.headers.authorization);
  const viewer = caller && { ...caller, from: req.ip ?? null };
  if (viewer?.apiKey) Object.assign(req, { apiKey: { id: viewer.apiKey.id, name: viewer.apiKey.name } });
  return viewer;
}
