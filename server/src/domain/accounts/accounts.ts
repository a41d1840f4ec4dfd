// Accounts: sign-up, sign-in and sign-out, the account pages, and the admin's user management.
// Password hashes never leave this file: every row returned omits them.
import crypto from "node:crypto";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { queueEmail } from "../messaging/index.js";
import {
  alignedById,
  allOf,
  anyValue,
  Checks,
  checkSearch,
  containsPattern,
  email,
  invalid,
  isUniqueViolation,
  keysetPage,
  loadInOrder,
  newestFirst,
  oneById,
  orderBy,
  password,
  received,
  requireAdmin,
  requireUser,
  text,
  unauthenticated,
  type Deferred,
  type FormInput,
  type Page,
  type Role,
  type Viewer,
  type StaffRole,
} from "../shared/index.js";
import { setRole, setStaffRole } from "./staff.js";
import { AddressBook } from "./address-book.js";
import { contactForm, type ContactInput } from "./contact.js";
export { ADDRESS_MAX_LENGTH, contactForm, type ContactInput } from "./contact.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { addressKey, PASSWORD_CHECK_LIMITS, SIGN_IN_LIMITS, SIGN_UP_LIMITS, type Limit, type Throttle } from "./throttle.js";
import type { TokenService } from "./tokens.js";
import { reportWebhookEvents } from "../integrations/index.js";

/** A user as the rest of the shop may see it: everything but the password hash. */
export type { UserRow } from "./user-row.js";

import { WITHOUT_HASH, type UserRow } from "./user-row.js";

export const PASSWORD_MIN_LENGTH = 8;
// argon2id has no 72-byte cut-off like bcrypt, so the cap only bounds the hashing work an anonymous
// request can ask for; 128 still fits any passphrase or password-manager output.
export const PASSWORD_MAX_LENGTH = 128;
// Sign-in accepts longer passwords than sign-up, so an admin password set from the environment still works.
const LOGIN_PASSWORD_MAX_LENGTH = 1024;
const SEARCH_MAX_LENGTH = 255;
const USER_PAGE_SIZE = 20;
const USER_KEYS = newestFirst("u");

/** The admin users list's search: a part of the name or the email, any case, % and _ literal. */
function userSearch(text: string): Prisma.Sql[] {
  if (!text) return [];
  const pattern = containsPattern(text);
  return [Prisma.sql`(u.name ILIKE ${pattern} OR u.email ILIKE ${pattern})`];
}

const EMAIL_TAKEN = "The email has already been taken.";
const INVALID_CREDENTIALS = "Invalid email or password.";
const tooManySignIns = (wait: string) => `Too many sign-in attempts. Please wait ${wait} and try again.`;
const tooManySignUps = (wait: string) => `Too many sign-ups from your network. Please wait ${wait} and try again.`;
const tooManyPasswordChecks = (wait: string) => `Too many wrong passwords. Please wait ${wait} and try again.`;

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role?: Role;
  phone?: string | null;
  address?: string | null;
  createdAt?: Date;
}

export interface SignIn {
  token: string;
  expiresAt: Date;
  user: UserRow;
}



/** Sign-up. */
export const registrationForm = {
  name: text("name"),
  email: email(),
  password: password("password", PASSWORD_MAX_LENGTH),
  passwordConfirmation: anyValue<string>(),
};
export type RegistrationInput = FormInput<typeof registrationForm>;

/** Sign-in. Longer passwords than sign-up takes, so an admin password set from the environment still works. */
export const signInForm = { email: text("email"), password: password("password", LOGIN_PASSWORD_MAX_LENGTH) };
export type SignInInput = FormInput<typeof signInForm>;

/** The account details; a new email needs the current password. */
export const accountForm = { name: text("name"), email: email(), currentPassword: anyValue<string | null | undefined>() };
export type AccountInput = FormInput<typeof accountForm>;



/** A password change. */
export const passwordChangeForm = {
  oldPassword: password("old password", LOGIN_PASSWORD_MAX_LENGTH),
  password: password("password", PASSWORD_MAX_LENGTH),
  passwordConfirmation: anyValue<string>(),
};
export type PasswordChangeInput = FormInput<typeof passwordChangeForm>;

/** Where the clients read each field's problems (both APIs answer with these names). */
export const FIELD_NAMES = { passwordConfirmation: "password_confirmation", currentPassword: "current_password", oldPassword: "old_password" } as const;

/** The rules for a new password (sign-up and password change): strength and a matching confirmation. */
export function checkNewPassword(checks: Checks, password: string | undefined, confirmation: unknown): void {
  if (!checks.has("password") && password !== undefined) {
    if (Array.from(password).length < PASSWORD_MIN_LENGTH) {
      checks.add("password", `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
    }
    if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) {
      checks.add("password", "The password must contain at least one letter and one number.");
    }
  }
  if (confirmation === undefined || confirmation === null || confirmation === "") {
    checks.add("password_confirmation", "The password confirmation field is required.");
  } else if (password !== undefined && confirmation !== password) {
    checks.add("password_confirmation", "The password confirmation does not match.");
  }
}

const currentPasswordField = password("current password", LOGIN_PASSWORD_MAX_LENGTH);




export class AccountService {
  // Checked against when the email is unknown, so a wrong email costs as long as a wrong password.
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly tokens: TokenService,
    private readonly throttle: Throttle,
  ) {}

  /** For trusted callers (tests, the seed): no validation beyond what the database enforces. */
  async createUser(user: NewUser): Promise<UserRow> {
    return this.prisma.user.create({
      data: {
        name: user.name,
        email: user.email.trim().toLowerCase(),
        passwordHash: await hashPassword(user.password),
        role: user.role ?? "user",
        phone: user.phone ?? null,
        address: user.address ?? null,
        ...(user.createdAt ? { createdAt: user.createdAt } : {}),
      },
      omit: WITHOUT_HASH,
    });
  }

  /**
   * Sign-up -> a new account with the role user.
   * `clientAddress` (the caller's IP) is throttled: every attempt counts, so neither mass sign-ups nor
   * probing which emails have accounts can run unchecked.
   */
  async register(input: RegistrationInput, clientAddress: string | null = null): Promise<UserRow> {
    const checks = new Checks();
    const { name, email, password, passwordConfirmation } = checks.form(registrationForm, input, FIELD_NAMES);
    checkNewPassword(checks, password, passwordConfirmation);
    const address = addressKey(clientAddress);
    if (address !== null) {
      await this.throttle.enter(new Map([[`sign-up:address:${address}`, SIGN_UP_LIMITS.address]]), tooManySignUps);
    }
    if (!checks.has("email") && (await this.emailOwner(email)) !== null) checks.add("email", EMAIL_TAKEN);
    checks.done();

    const passwordHash = await hashPassword(password);
    try {
      return await this.prisma.$transaction(async (tx) => {
        const user = await tx.user.create({ data: { name, email, passwordHash, role: "user" }, omit: WITHOUT_HASH });
        // Webhooks: customer.registered, in this transaction.
        await reportWebhookEvents(tx, [{ type: "customer.registered", data: { customer: user } }]);
        // The welcome email, owed exactly when the account exists.
        await queueEmail(tx, { userId: user.id, address: user.email }, { kind: "welcome", name: user.name });
        return user;
      });
    } catch (error) {
      // Two sign-ups with one email at once: the unique index decides, the loser hears it like anyone else.
      if (isUniqueViolation(error)) throw invalid({ email: [EMAIL_TAKEN] });
      throw error;
    }
  }

  /**
   * Sign-in -> an access token. Wrong email and wrong password look the same, and
   * are throttled alike (see throttle.ts) per account, per `clientAddress` and per both.
   */
  async login(input: SignInInput, clientAddress: string | null = null): Promise<SignIn> {
    const checks = new Checks();
    const form = checks.form(signInForm, input);
    checks.done();
    const email = form.email.toLowerCase();
    const password = form.password;

    const address = addressKey(clientAddress);
    const accountKey = `sign-in:account:${email}`;
    const addressKeys = address === null ? [] : [`sign-in:address:${address}`];
    const bothKey = address === null ? null : `sign-in:account+address:${email}|${address}`;
    const limits = new Map<string, Limit>([[accountKey, SIGN_IN_LIMITS.account]]);
    if (bothKey !== null) limits.set(bothKey, SIGN_IN_LIMITS.accountAndAddress).set(addressKeys[0], SIGN_IN_LIMITS.address);
    const attempt = await this.throttle.enter(limits, tooManySignIns);

    const row = await this.prisma.user.findUnique({ where: { email } });
    if (!row) {
      this.dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
      await verifyPassword(await this.dummyHash, password);
      throw unauthenticated(INVALID_CREDENTIALS);
    }
    if (!(await verifyPassword(row.passwordHash, password))) throw unauthenticated(INVALID_CREDENTIALS);

    // Only failures count: the owner's success is taken back and clears the strict per-address count.
    await attempt.takeBack([accountKey, ...addressKeys]);
    if (bothKey !== null) await attempt.clear([bothKey]);
    const { passwordHash: _passwordHash, ...user } = row;
    const { token, expiresAt } = await this.tokens.issue(user);
    return { token, expiresAt, user };
  }

  /** Sign-out: this token stops working; the user's other sessions stay signed in. */
  async logout(viewer: Viewer | null): Promise<void> {
    await this.tokens.revoke(requireUser(viewer));
  }

  async me(viewer: Viewer | null): Promise<UserRow> {
    const user = await this.prisma.user.findUnique({ where: { id: requireUser(viewer).userId }, omit: WITHOUT_HASH });
    if (!user) throw unauthenticated();
    return user;
  }

  /**
   * Update account details. A new email needs the current password,
   * so a borrowed session cannot move the account (and its password resets) to another mailbox.
   */
  async updateAccount(viewer: Viewer | null, input: Deferred<AccountInput>): Promise<UserRow> {
    const { userId } = requireUser(viewer);
    const checks = new Checks();
    const { name, email, currentPassword: current } = checks.form(accountForm, await received(input), FIELD_NAMES);
    const row = await this.prisma.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
    if (!row) throw unauthenticated();
    if (!checks.has("email") && email !== row.email) {
      const owner = await this.emailOwner(email);
      if (owner !== null && owner !== userId) checks.add("email", EMAIL_TAKEN);
      if (current === undefined || current === null || current === "") {
        checks.add("current_password", "Enter your current password to change your email.");
      } else {
        const password = checks.field("current_password", currentPasswordField, current);
        if (!checks.has("current_password") && !(await this.passwordMatches(userId, row.passwordHash, password))) {
          checks.add("current_password", "The current password is incorrect.");
        }
      }
    }
    checks.done();

    try {
      if (email === row.email) return await this.prisma.user.update({ where: { id: userId }, data: { name, email }, omit: WITHOUT_HASH });
      return await this.prisma.$transaction(async (tx) => {
        // Reset links sent to the old address stop working when the account moves.
        await endResetLinks(tx, userId);
        return tx.user.update({ where: { id: userId }, data: { name, email }, omit: WITHOUT_HASH });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid({ email: [EMAIL_TAKEN] });
      throw error;
    }
  }

  /** Update contact details: phone and address, both needed at checkout. */
  async updateContact(viewer: Viewer | null, input: Deferred<ContactInput>): Promise<UserRow> {
    const { userId } = requireUser(viewer);
    const checks = new Checks();
    const { phone, address } = checks.form(contactForm, await received(input));
    checks.done();
    // The contact details are the default address's (address-book.ts): both change together.
    return this.prisma.$transaction(async (tx) => {
      const user = await tx.user.update({ where: { id: userId }, data: { phone, address }, omit: WITHOUT_HASH });
      await AddressBook.contactChanged(tx, userId, { phone, address });
      return user;
    });
  }

  /**
   * Change password. Ends the user's other sessions
   * (a thief's token among them); the session that changed it stays signed in.
   */
  async updatePassword(viewer: Viewer | null, input: Deferred<PasswordChangeInput>): Promise<void> {
    const { userId, tokenId } = requireUser(viewer);
    const checks = new Checks();
    const { oldPassword, password, passwordConfirmation } = checks.form(passwordChangeForm, await received(input), FIELD_NAMES);
    checkNewPassword(checks, password, passwordConfirmation);
    const row = await this.prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
    if (!row) throw unauthenticated();
    if (!checks.has("old_password")) {
      if (!(await this.passwordMatches(userId, row.passwordHash, oldPassword))) checks.add("old_password", "The old password is incorrect.");
      else if (!checks.has("password") && password === oldPassword) {
        checks.add("password", "The new password must be different from the old password.");
      }
    }
    checks.done();
    const passwordHash = await hashPassword(password);
    await this.prisma.$transaction(async (tx) => {
      const user = await tx.user.update({ where: { id: userId }, data: { passwordHash }, select: { name: true, email: true } });
      await this.tokens.endSessions(tx, userId, tokenId);
      // Reset links asked for before no longer work, and the owner hears of the change.
      await endResetLinks(tx, userId);
      await queueEmail(tx, { userId, address: user.email }, { kind: "password-changed", name: user.name, changedAt: new Date().toISOString() });
    });
    await this.tokens.announceEnded(userId, tokenId);
  }

  /**
   * Admin: every user, newest first: the whole list (the REST shim's answer). search matches name or email
   * as a case-insensitive substring, % and _ literal.
   */
  async listUsers(viewer: Viewer | null, search?: unknown): Promise<UserRow[]> {
    requireAdmin(viewer, "customers:read");
    const text = checkSearch(search, SEARCH_MAX_LENGTH);
    if (!text) return this.prisma.user.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], omit: WITHOUT_HASH });
    const ids = await this.prisma.$queryRaw<{ id: number }[]>`
      SELECT u.id FROM users u WHERE ${allOf(userSearch(text))} ORDER BY ${orderBy(USER_KEYS)}`;
    return loadInOrder(ids.map((row) => Number(row.id)), (chunk) =>
      this.prisma.user.findMany({ where: { id: { in: chunk } }, omit: WITHOUT_HASH }),
    );
  }

  /** Admin: a page of users, newest first; search matches name or email as a case-insensitive substring. */
  async pageUsers(viewer: Viewer | null, options: { first?: unknown; after?: unknown; search?: unknown } = {}): Promise<Page<UserRow>> {
    requireAdmin(viewer, "customers:read");
    const text = checkSearch(options.search, SEARCH_MAX_LENGTH);
    return keysetPage<{ id: number }, UserRow>(
      this.prisma,
      {
        list: JSON.stringify(["users", text.toLowerCase()]),
        first: options.first,
        after: options.after,
        defaultSize: USER_PAGE_SIZE,
        columns: Prisma.sql`u.id`,
        from: Prisma.sql`users u`,
        conditions: userSearch(text),
        keys: USER_KEYS,
      },
      async (rows) => {
        const ids = rows.map((row) => Number(row.id));
        return alignedById(ids, await this.prisma.user.findMany({ where: { id: { in: ids } }, omit: WITHOUT_HASH }));
      },
    );
  }

  /** Admin: one user. */
  async getUser(viewer: Viewer | null, id: unknown): Promise<UserRow> {
    requireAdmin(viewer, "customers:read");
    return oneById(id, "User", (userId) => this.prisma.user.findUnique({ where: { id: userId }, omit: WITHOUT_HASH }));
  }

  /** Admin: make a user an admin or back (the spec's role change): staff.ts. */
  setRole(viewer: Viewer | null, id: unknown, given: Deferred<Role>): Promise<UserRow> {
    return setRole(this.prisma, this.tokens, viewer, id, given);
  }

  /** Owner: gives an admin a staff role: staff.ts. */
  setStaffRole(viewer: Viewer | null, id: unknown, given: Deferred<StaffRole | null>): Promise<UserRow> {
    return setStaffRole(this.prisma, this.tokens, viewer, id, given);
  }

  /**
   * Checks a signed-in user's password (to change it, or the email). Throttled per user, so a borrowed
   * session cannot guess the password one request after another; a right guess clears the count.
   */
  async passwordMatches(userId: number, passwordHash: string, candidate: string): Promise<boolean> {
    const key = `password-check:user:${userId}`;
    const attempt = await this.throttle.enter(new Map([[key, PASSWORD_CHECK_LIMITS.user]]), tooManyPasswordChecks);
    if (!(await verifyPassword(passwordHash, candidate))) return false;
    await attempt.clear([key]);
    return true;
  }

  /** The id of the account that holds this (lower-cased) email, or null. */
  private async emailOwner(email: string): Promise<number | null> {
    const owner = await this.prisma.user.findUnique({ where: { email }, select: { id: true } });
    return owner?.id ?? null;
  }
}

/** Ends a user's open password reset links: after a password or email change they were asked for before. */
export async function endResetLinks(tx: Pick<PrismaClient, "passwordReset">, userId: number): Promise<void> {
  await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
}
