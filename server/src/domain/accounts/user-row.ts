// A user as the accounts room hands it out: never with its password hash.
import type { User } from "../../generated/prisma/client.js";

export type UserRow = Omit<User, "passwordHash">;

/** Prisma's omit that leaves the password hash out of a read. */
export const WITHOUT_HASH = { passwordHash: true } as const;
