// Who imported a file or a zip of pictures, as the import screen names them: a staff member by their e-mail as it
// is now, an API key by its name.
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Viewer } from "../shared/index.js";

export async function importerName(prisma: Pick<PrismaClient, "user">, viewer: Viewer): Promise<string> {
  if (viewer.apiKey) return `API key ${viewer.apiKey.name}`;
  const user = await prisma.user.findUnique({ where: { id: viewer.userId }, select: { email: true } });
  return user?.email ?? `User #${viewer.userId}`;
}
