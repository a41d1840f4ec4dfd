// The customer's own data: the address book (domain/accounts/address-book.ts), export and deletion
// (my-data.ts). Thin adapters.
import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import type { Address as AddressRow } from "../generated/prisma/client.js";
import { messages } from "../domain/messages.js";
import type { GraphQLContext } from "./context.js";
import { Message } from "./types.js";

@ObjectType({ simpleResolvers: true, description: "A delivery address in the signed-in customer's address book." })
class Address {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: "The customer's name for it: Home, Work, Grandma's..." }) label!: string;
  @Field(() => String, { description: "Who receives the parcel." }) name!: string;
  @Field(() => String) phone!: string;
  @Field(() => String) address!: string;
  @Field(() => Int, { nullable: true, description: "The delivery region it is in, chosen at checkout with it." }) regionId!: number | null;
  @Field(() => Boolean, { description: "The default: also the account's contact details (updateContact edits it)." }) isDefault!: boolean;
}

@InputType()
class AddressInput {
  @Field(() => String, { description: "1 to 40 characters." }) label!: string;
  @Field(() => String, { description: "1 to 100 characters." }) name!: string;
  @Field(() => String, { description: "7 to 20 characters: digits, spaces, +, -, ( and ), at least 7 digits." }) phone!: string;
  @Field(() => String, { description: "Up to 500 characters." }) address!: string;
  @Field(() => Int, { nullable: true }) regionId?: number | null;
  @Field(() => Boolean, { nullable: true, description: "Make it the default (the first address is the default anyway)." }) makeDefault?: boolean | null;
}

const view = (row: AddressRow): Address => ({ id: row.id, label: row.label, name: row.name, phone: row.phone, address: row.address, regionId: row.regionId, isDefault: row.isDefault });

@Resolver()
class AddressResolver {
  @Query(() => [Address], { description: "The signed-in customer's addresses, the default first." })
  async myAddresses(@Ctx() { shop, viewer }: GraphQLContext): Promise<Address[]> {
    return (await shop.addresses.list(viewer)).map(view);
  }

  @Mutation(() => Address, { description: `Adds an address (no id) or changes one of the customer's own; at most 20. Another's: NOT_FOUND.` })
  async saveAddress(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("input", () => AddressInput) input: AddressInput,
    @Arg("id", () => Int, { nullable: true }) id: number | null,
  ): Promise<Address> {
    return view(await shop.addresses.save(viewer, id, input));
  }

  @Mutation(() => Address, { description: "Makes one of the customer's addresses the default, and so the account's contact details." })
  async setDefaultAddress(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Address> {
    return view(await shop.addresses.setDefault(viewer, id));
  }

  @Mutation(() => Message, { description: "Removes one of the customer's addresses; removing the default makes the oldest other one the default." })
  async deleteAddress(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Message> {
    await shop.addresses.remove(viewer, id);
    return { message: messages.addressDeleted };
  }
}

@Resolver()
class MyDataResolver {
  @Query(() => String, { description: "Everything the shop keeps about the signed-in customer, as one JSON document (the account screen's 'Export my data')." })
  async myData(@Ctx() { shop, viewer }: GraphQLContext): Promise<string> {
    return JSON.stringify(await shop.myData.export(viewer), null, 2);
  }

  @Mutation(() => Message, {
    description:
      "Deletes the signed-in customer's account once their password is confirmed: personal data erased, orders kept without personal fields, sessions and keys ended, a last e-mail. Wrong password: BAD_USER_INPUT at `password`.",
  })
  async deleteMyAccount(@Ctx() { shop, viewer }: GraphQLContext, @Arg("password", () => String) password: string): Promise<Message> {
    await shop.myData.delete(viewer, { password });
    return { message: messages.accountDeleted };
  }
}

export const addressResolvers = [AddressResolver, MyDataResolver] as const;
