import type { Logger } from "pino";
import type { Shop } from "../domain/shop.js";
import type { Viewer } from "../domain/viewer.js";

export interface GraphQLContext {
  shop: Shop;
  /** The signed-in user, or null for a guest (or a token that is missing, expired, forged or whose session ended). */
  viewer: Viewer | null;
  /** The caller's IP address (Express's req.ip), for throttling sign-in and sign-up; null when unknown. */
  clientAddress: string | null;
  /** The request's logger (with its request id), when served over HTTP. */
  log?: Logger;
}
