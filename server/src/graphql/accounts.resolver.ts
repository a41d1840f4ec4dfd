// Accounts, sign-in, ratings and favourites over GraphQL: thin adapters over domain/accounts,
// domain/ratings and domain/favourites. Arguments are handed over as the domain's typed inputs.
import { Arg, Ctx, Field, InputType, Int, Mutation, Query, Resolver } from "type-graphql";
import { AFTER, PAGE_SIZE, ProductConnection, UserConnection, viewConnection, type Connection } from "./connections.js";
import type { GraphQLContext } from "./context.js";
import { AuthPayload, FavouritePayload, Message, Product, ProductPayload, Role, StaffRole, User, UserPayload, viewProduct, viewUser } from "./types.js";
import { messages } from "../domain/messages.js";

@InputType({ description: "The create-account form." })
class RegisterInput {
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String) password!: string;
  @Field(() => String) passwordConfirmation!: string;
}

@Resolver()
class AccountResolver {
  @Query(() => User, { nullable: true, description: "The signed-in user; null for a guest." })
  async me(@Ctx() { shop, viewer }: GraphQLContext): Promise<User | null> {
    return viewer ? viewUser(await shop.accounts.me(viewer)) : null;
  }

  @Mutation(() => UserPayload, { description: "Creates an account with the role USER. Sign in afterwards." })
  async register(
    @Arg("input", () => RegisterInput) input: RegisterInput,
    @Ctx() { shop, clientAddress }: GraphQLContext,
  ): Promise<UserPayload> {
    const user = await shop.accounts.register(input, clientAddress);
    return { message: messages.registered, user: viewUser(user) };
  }

  @Mutation(() => AuthPayload, {
    description: "Signs in. Repeated failures are refused for a while: TOO_MANY_REQUESTS with extensions.retryAfter (seconds).",
  })
  async login(
    @Arg("email", () => String) email: string,
    @Arg("password", () => String) password: string,
    @Ctx() { shop, clientAddress }: GraphQLContext,
  ): Promise<AuthPayload> {
    const { token, user } = await shop.accounts.login({ email, password }, clientAddress);
    return { accessToken: token, user: viewUser(user) };
  }

  @Mutation(() => Message, { description: "Ends the session of the access token this request carries." })
  async logout(@Ctx() { shop, viewer }: GraphQLContext): Promise<Message> {
    await shop.accounts.logout(viewer);
    return { message: messages.loggedOut };
  }

  @Mutation(() => UserPayload, { description: "Changes the name and email. A new email needs the current password." })
  async updateAccount(
    @Arg("name", () => String) name: string,
    @Arg("email", () => String) email: string,
    @Arg("currentPassword", () => String, { nullable: true, description: "The account's password; required only when the email changes." })
    currentPassword: string | null | undefined,
    @Ctx() { shop, viewer }: GraphQLContext,
  ): Promise<UserPayload> {
    const user = await shop.accounts.updateAccount(viewer, { name, email, currentPassword });
    return { message: messages.accountUpdated, user: viewUser(user) };
  }

  @Mutation(() => UserPayload)
  async updateContact(
    @Arg("phone", () => String) phone: string,
    @Arg("address", () => String) address: string,
    @Ctx() { shop, viewer }: GraphQLContext,
  ): Promise<UserPayload> {
    const user = await shop.accounts.updateContact(viewer, { phone, address });
    return { message: messages.contactUpdated, user: viewUser(user) };
  }

  @Mutation(() => Message, { description: "Changes the password and ends the user's other sessions; this one stays signed in." })
  async updatePassword(
    @Arg("oldPassword", () => String) oldPassword: string,
    @Arg("password", () => String) password: string,
    @Arg("passwordConfirmation", () => String) passwordConfirmation: string,
    @Ctx() { shop, viewer }: GraphQLContext,
  ): Promise<Message> {
    await shop.accounts.updatePassword(viewer, { oldPassword, password, passwordConfirmation });
    return { message: messages.passwordUpdated };
  }

  @Query(() => UserConnection, { description: "Admin: users, newest first; search: part of the name or email, any case." })
  async users(
    @Arg("first", () => Int, { nullable: true, defaultValue: 20, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
    @Arg("search", () => String, { nullable: true }) search: string | null | undefined,
    @Ctx() { shop, viewer }: GraphQLContext,
  ): Promise<Connection<User>> {
    return viewConnection(UserConnection, await shop.accounts.pageUsers(viewer, { first, after, search }), viewUser);
  }

  @Query(() => User, { description: "Admin: one user." })
  async user(@Arg("id", () => Int) id: number, @Ctx() { shop, viewer }: GraphQLContext): Promise<User> {
    return viewUser(await shop.accounts.getUser(viewer, id));
  }

  @Mutation(() => UserPayload, {
    description: "Admin: change a user's role, which ends that user's sessions. Admins cannot remove their own admin role.",
  })
  async setUserRole(
    @Arg("id", () => Int) id: number,
    @Arg("role", () => Role) role: Role,
    @Ctx() { shop, viewer }: GraphQLContext,
  ): Promise<UserPayload> {
    const user = await shop.accounts.setRole(viewer, id, role);
    return { message: messages.roleUpdated, user: viewUser(user) };
  }

  @Mutation(() => UserPayload, {
    description:
      "Owner: give a user a staff role (null: the spec's admin), making them an admin; ends that user's sessions. The owner cannot change their own. Others: FORBIDDEN naming the staff:manage ability.",
  })
  async setStaffRole(
    @Arg("id", () => Int) id: number,
    @Arg("staffRole", () => StaffRole, { nullable: true }) staffRole: StaffRole | null,
    @Ctx() { shop, viewer }: GraphQLContext,
  ): Promise<UserPayload> {
    const user = await shop.accounts.setStaffRole(viewer, id, staffRole);
    return { message: messages.staffRoleUpdated, user: viewUser(user) };
  }
}

@Resolver()
class RatingResolver {
  @Mutation(() => ProductPayload, { description: "Rates a product from 1 to 5 stars, once per user." })
  async rateProduct(
    @Arg("productId", () => Int) productId: number,
    @Arg("rating", () => Int) rating: number,
    @Ctx() { shop, viewer }: GraphQLContext,
  ): Promise<ProductPayload> {
    const product = await shop.ratings.rate(viewer, productId, { stars: rating });
    return { message: messages.rated, product: viewProduct(product) };
  }

  @Query(() => Int, { description: "The signed-in user's own rating of a product; 0 when they have not rated it." })
  async myRating(@Arg("productId", () => Int) productId: number, @Ctx() { shop, viewer }: GraphQLContext): Promise<number> {
    return shop.ratings.myRating(viewer, productId);
  }
}

@Resolver()
class FavouriteResolver {
  @Mutation(() => FavouritePayload, { description: "Adds the product to the wish-list, or removes it when it is there." })
  async toggleFavourite(
    @Arg("productId", () => Int) productId: number,
    @Ctx() { shop, viewer }: GraphQLContext,
  ): Promise<FavouritePayload> {
    const { isFavourite } = await shop.favourites.toggle(viewer, productId);
    return { message: isFavourite ? messages.favouriteAdded : messages.favouriteRemoved, isFavourite };
  }

  @Query(() => Boolean)
  async isFavourite(@Arg("productId", () => Int) productId: number, @Ctx() { shop, viewer }: GraphQLContext): Promise<boolean> {
    return shop.favourites.check(viewer, productId);
  }

  @Query(() => ProductConnection, { description: "The signed-in user's wish-list, most recently added first." })
  async favourites(
    @Arg("first", () => Int, { nullable: true, defaultValue: 24, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
    @Ctx() { shop, viewer }: GraphQLContext,
  ): Promise<Connection<Product>> {
    return viewConnection(ProductConnection, await shop.favourites.page(viewer, { first, after }), viewProduct);
  }
}

export const accountResolvers = [AccountResolver, RatingResolver, FavouriteResolver] as const;
