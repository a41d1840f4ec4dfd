import type { Shop } from "../domain/shop.js";
import type { Viewer } from "../domain/viewer.js";

export interface GraphQLContext {
  shop: Shop;
  /** The signed-in user, or null for a guest (or a token that is missing, expired, forged or revoked). */
  viewer: Viewer | null;
}
