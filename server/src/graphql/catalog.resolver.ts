// STUB: replaced by the real resolvers.
import { Query, Resolver } from "type-graphql";

@Resolver()
class catalogPlaceholder {
  @Query(() => String) catalogPlaceholder(): string {
    return "";
  }
}

export const catalogResolvers = [catalogPlaceholder] as const;
