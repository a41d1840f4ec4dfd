// STUB: replaced by the real resolvers.
import { Query, Resolver } from "type-graphql";

@Resolver()
class ordersPlaceholder {
  @Query(() => String) ordersPlaceholder(): string {
    return "";
  }
}

export const orderResolvers = [ordersPlaceholder] as const;
