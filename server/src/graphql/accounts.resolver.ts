// STUB: replaced by the real resolvers.
import { Query, Resolver } from "type-graphql";

@Resolver()
class accountsPlaceholder {
  @Query(() => String) accountsPlaceholder(): string {
    return "";
  }
}

export const accountResolvers = [accountsPlaceholder] as const;
