// STUB: replaced by the REST shim (issue 3).
import { Router } from "express";
import type { Shop } from "../domain/shop.js";

export function createRestRouter(_shop: Shop): Router {
  return Router();
}
