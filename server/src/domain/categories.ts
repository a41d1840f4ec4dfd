// STUB: replaced by the real service.
import type { PrismaClient } from "../generated/prisma/client.js";

export class CategoryService {
  constructor(readonly prisma: PrismaClient, ..._deps: unknown[]) {}
}
