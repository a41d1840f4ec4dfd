// Reads the Bearer token of a request into a Viewer. A missing, forged, expired or revoked token
// makes the caller a guest; operations that need a user then answer UNAUTHENTICATED.
import type { Shop } from "../domain/shop.js";
import type { Viewer } from "../domain/viewer.js";

export async function viewerFromAuthorization(shop: Shop, header: string | undefined): Promise<Viewer | null> {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) return null;
  return shop.tokens.verify(match[1]);
}
