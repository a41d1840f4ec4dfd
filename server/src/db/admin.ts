// The one row every shop needs from its first start: the initial admin. The demo shop (catalogue,
// pictures, customers, past orders) is seed-only code in server/seed/, loaded only when asked for.
import type { PrismaClient } from "../generated/prisma/client.js";
import { hashPassword } from "../domain/accounts/index.js";

/** Creates the admin account unless one with this email exists; true when it was created now. The shop's first admin is its owner. */
export async function ensureAdmin(prisma: PrismaClient, rawEmail: string, password: string, now: Date = new Date()): Promise<boolean> {
  const email = rawEmail.trim().toLowerCase();
  // Looking first skips the costly hash on every start after the first.
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) return false;
  const passwordHash = await hashPassword(password);
  // skipDuplicates: a replica starting at the same moment may have created the admin meanwhile.
  const { count } = await prisma.user.createMany({
    data: [{ name: "Shop Admin", email, passwordHash, role: "admin", staffRole: "owner", createdAt: now, updatedAt: now }],
    skipDuplicates: true,
  });
  return count === 1;
}
