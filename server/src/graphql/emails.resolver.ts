// Over GraphQL: password reset by email ('Forgot password?' and the reset screen) and, for
// admins, the emails written to a user. Thin adapters over domain/password-reset and domain/email-log.
import { Arg, Ctx, Field, FieldResolver, Int, Mutation, ObjectType, Query, registerEnumType, Resolver, Root } from "type-graphql";
import type { EmailLogEntry } from "../domain/messaging/index.js";
import { messages } from "../domain/messages.js";
import { AFTER, connectionOf, PAGE_SIZE, viewConnection, type Connection } from "./connections.js";
import type { GraphQLContext } from "./context.js";
import { AuthPayload, Message, User, viewUser } from "./types.js";

export enum EmailState {
  PENDING = "pending",
  SENT = "delivered",
  FAILED = "failed",
}
registerEnumType(EmailState, {
  name: "EmailState",
  description: [
    "PENDING: owed and not sent yet (attempts and lastError tell of failed tries; it will be tried again).",
    "SENT: accepted by the mail server (or kept in the development mailbox).",
    "FAILED: given up: refused for good by the mail server, not sent for a day, or email is turned off (lastError says which).",
  ].join("\n"),
});

@ObjectType({ simpleResolvers: true, description: "An email the shop wrote to a user: what the admin's user screen lists." })
export class Email {
  @Field(() => String, { description: "The outbox message's id." }) id!: string;
  @Field(() => String, { description: "welcome, order-confirmation, order-status, password-reset or password-changed." }) kind!: string;
  @Field(() => String) subject!: string;
  @Field(() => String, { description: "The address it was written to." }) recipient!: string;
  @Field(() => EmailState) state!: EmailState;
  @Field(() => Int, { description: "Delivery attempts so far." }) attempts!: number;
  @Field(() => String, { nullable: true, description: "The last failure, as the mail server or the network said it; null once sent." })
  lastError!: string | null;
  @Field(() => Date, { description: "When the change that made it due was made." }) createdAt!: Date;
  @Field(() => Date, { nullable: true }) sentAt!: Date | null;
}

const EmailConnection = connectionOf("Email", Email);

const viewEmail = (row: EmailLogEntry): Email => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  recipient: row.recipient,
  state: row.state as EmailState,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt,
  sentAt: row.deliveredAt,
});

@Resolver()
class PasswordResetResolver {
  @Mutation(() => Message, {
    description:
      "'Forgot password?': emails a reset link (single use, 30 minutes) when the address has an account. The answer is the same either way. Throttled: TOO_MANY_REQUESTS.",
  })
  async requestPasswordReset(@Arg("email", () => String) email: string, @Ctx() { shop, clientAddress }: GraphQLContext): Promise<Message> {
    await shop.passwordResets.request({ email }, clientAddress);
    return { message: messages.passwordResetRequested };
  }

  @Query(() => Boolean, { description: "Whether a reset link's token still works (unused and under 30 minutes old)." })
  async passwordResetLinkValid(@Arg("token", () => String) token: string, @Ctx() { shop }: GraphQLContext): Promise<boolean> {
    return shop.passwordResets.isLinkValid(token);
  }

  @Mutation(() => AuthPayload, {
    description:
      "Sets a new password with a reset link's token (from the email), ends every session of the account and signs in. A used, expired or unknown token: BAD_USER_INPUT under extensions.fields.token.",
  })
  async resetPassword(
    @Arg("token", () => String) token: string,
    @Arg("password", () => String) password: string,
    @Arg("passwordConfirmation", () => String) passwordConfirmation: string,
    @Ctx() { shop, clientAddress }: GraphQLContext,
  ): Promise<AuthPayload> {
    const { token: accessToken, user } = await shop.passwordResets.reset({ token, password, passwordConfirmation }, clientAddress);
    return { accessToken, user: viewUser(user) };
  }
}

@Resolver(() => User)
class UserEmailsResolver {
  @FieldResolver(() => EmailConnection, { description: "Admin: the emails written to this user, newest first." })
  async emails(
    @Root() user: User,
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("first", () => Int, { nullable: true, defaultValue: 20, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
  ): Promise<Connection<Email>> {
    return viewConnection(EmailConnection, await shop.emails.pageForUser(viewer, user.id, { first, after }), viewEmail);
  }
}

export const emailResolvers = [PasswordResetResolver, UserEmailsResolver] as const;
