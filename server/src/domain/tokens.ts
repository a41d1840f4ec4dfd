// STUB: replaced by the real token service.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Viewer } from "./viewer.js";

export class TokenService {
  constructor(readonly prisma: PrismaClient, readonly secret: string, readonly ttlSeconds: number) {}
  async issue(_user: { id: number; role: string }): Promise<{ token: string; expiresAt: Date }> {
    throw new Error("not built yet");
  }
  async verify(_token: string): Promise<Viewer | null> {
    return null;
  }
}
