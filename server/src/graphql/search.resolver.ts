// Search over GraphQL: suggestions while a shopper types, and 'Did you mean'. The products
// list itself (products(search:)) stays in catalog.resolver.ts; both call domain/search.
import { Arg, Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "./context.js";
import { Category, Product, viewCategory, viewProduct } from "./types.js";

@ObjectType({ simpleResolvers: true, description: "What the header's search shows while a shopper types." })
class SearchSuggestions {
  @Field(() => [Product], { description: "Up to 6 products, best matches first." }) products!: Product[];
  @Field(() => [Category], { description: "Categories whose name contains the text or holds its words, by name." }) categories!: Category[];
}

@Resolver()
class SearchResolver {
  @Query(() => SearchSuggestions, {
    description:
      "Suggestions as you type: matched as products(search:) is (words in any order, typos, the last word as a prefix). " +
      "Answers TOO_MANY_REQUESTS when search is busy: try again in a moment.",
  })
  async searchSuggestions(@Ctx() { shop }: GraphQLContext, @Arg("text", () => String) text: string): Promise<SearchSuggestions> {
    const found = await shop.search.suggestions(text);
    return { products: found.products.map(viewProduct), categories: found.categories.map(viewCategory) };
  }

  @Query(() => String, {
    nullable: true,
    description: "The text with the words the catalogue does not know corrected ('monstra' -> 'monstera'); null when none needs it.",
  })
  async didYouMean(@Ctx() { shop }: GraphQLContext, @Arg("text", () => String) text: string): Promise<string | null> {
    return shop.search.didYouMean(text);
  }
}

export const searchResolvers = [SearchResolver] as const;
