// The catalogue over GraphQL: products, categories and delivery regions. Thin: the domain services
// check permissions and inputs; here arguments are handed over and rows mapped to object types.
import GraphQLUpload from "graphql-upload/GraphQLUpload.mjs";
import type { FileUpload } from "graphql-upload/processRequest.mjs";
import { Arg, Args, ArgsType, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import type { ProductInput as DomainProductInput } from "../domain/catalog/index.js";
import { IMAGE_RULE } from "../domain/images/index.js";
import { AFTER, CategoryConnection, PAGE_SIZE, ProductConnection, RegionConnection, viewConnection, type Connection } from "./connections.js";
import type { GraphQLContext } from "./context.js";
import { MoneyScalar } from "./scalars.js";
import { Category, CategoryPayload, Message, Product, ProductPayload, ProductSort, Region, RegionPayload, viewCategory, viewProduct, viewRegion } from "./types.js";
import { messages } from "../domain/messages.js";

@InputType({ description: "A new product. Prices are in dollars; the images are multipart uploads." })
class ProductInput {
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => MoneyScalar, { description: "The regular price; more than 0." }) price!: number;
  @Field(() => MoneyScalar, { nullable: true, description: "Below the price; leave out for no discount." })
  discountPrice?: number | null;
  @Field(() => Int, { description: "Units in stock, 0 to 1,000,000." }) quantity!: number;
  @Field(() => Int) categoryId!: number;
  @Field(() => GraphQLUpload, { description: IMAGE_RULE }) imageOne!: Promise<FileUpload>;
  @Field(() => GraphQLUpload, { nullable: true }) imageTwo?: Promise<FileUpload> | null;
}

@InputType({ description: "A product's new details. Every field is required as on create, except the images: a product keeps its images when none is sent." })
class ProductUpdateInput {
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => MoneyScalar) price!: number;
  @Field(() => MoneyScalar, { nullable: true, description: "Leave out (or null) to remove the discount." })
  discountPrice?: number | null;
  @Field(() => Int) quantity!: number;
  @Field(() => Int) categoryId!: number;
  @Field(() => GraphQLUpload, { nullable: true }) imageOne?: Promise<FileUpload> | null;
  @Field(() => GraphQLUpload, { nullable: true }) imageTwo?: Promise<FileUpload> | null;
}

/** The Money scalar gives cents, as the domain keeps them. */
const productInput = (input: ProductInput | ProductUpdateInput): DomainProductInput => ({
  name: input.name,
  description: input.description,
  priceCents: input.price,
  discountPriceCents: input.discountPrice ?? null,
  quantity: input.quantity,
  category: input.categoryId,
  imageOne: input.imageOne,
  imageTwo: input.imageTwo,
});

/** What both a page of products and its filters' counts are asked for: the text and the chosen filters. */
@ArgsType()
class ProductFilterArgs {
  @Field(() => String, {
    nullable: true,
    description:
      "Trimmed; every word (any order, typos forgiven, the last as a prefix) in the product's name, category or description, " +
      "and every product whose or whose category's name contains the text; best matches first. TOO_MANY_REQUESTS when search is busy.",
  })
  search?: string | null;

  @Field(() => String, { nullable: true, description: "A category's name, whatever its case." }) category?: string | null;
  @Field(() => Boolean, { nullable: true, description: "true: in stock only; false: out of stock only." }) inStock?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "true: with a discount only; false: without one only." }) discounted?: boolean | null;
  @Field(() => MoneyScalar, { nullable: true, description: "The price the shopper pays (the discount price when set) is at least this." })
  minPrice?: number | null;
  @Field(() => MoneyScalar, { nullable: true, description: "The price the shopper pays is below this." }) maxPrice?: number | null;
  @Field(() => [OptionChoiceInput], {
    nullable: true,
    description: "Option values, as ProductFilters.options offers them: products with a variant on sale of any chosen value of each option named (at most 20).",
  })
  options?: OptionChoiceInput[] | null;
}

@InputType({ description: "An option value chosen as a filter, e.g. Pot size / 24 cm." })
class OptionChoiceInput {
  @Field(() => String) name!: string;
  @Field(() => String) value!: string;
}

@ObjectType({ simpleResolvers: true, description: "A value of an option offered as a filter, with how many products it would show." })
class OptionValueFilter {
  @Field(() => String) value!: string;
  @Field(() => Int) count!: number;
}

@ObjectType({ simpleResolvers: true, description: "An option offered as a filter (e.g. Pot size): its values in natural order, each counted under the other filters and the other options' choices." })
class OptionFilter {
  @Field(() => String) name!: string;
  @Field(() => [OptionValueFilter]) values!: OptionValueFilter[];
}

@ObjectType({ simpleResolvers: true, description: "A category offered as a filter, with how many products it would show." })
class CategoryFilter {
  @Field(() => Category) category!: Category;
  @Field(() => Int) count!: number;
}

@ObjectType({ simpleResolvers: true, description: "A price range offered as a filter (minPrice included, maxPrice left out), with how many products it would show." })
class PriceRangeFilter {
  @Field(() => MoneyScalar) minPrice!: number;
  @Field(() => MoneyScalar, { nullable: true, description: "null: no upper bound." }) maxPrice!: number | null;
  @Field(() => Int) count!: number;
}

@ObjectType({ simpleResolvers: true, description: "The filters of a search or category page, each counted under the other chosen filters but not its own." })
class ProductFilters {
  @Field(() => Int, { description: "Products matching the text and every chosen filter." }) total!: number;
  @Field(() => [CategoryFilter], { description: "With a search text: the categories holding matches, most first. Empty without one." })
  categories!: CategoryFilter[];
  @Field(() => [PriceRangeFilter], { description: "Every price range offered, lowest first." }) priceRanges!: PriceRangeFilter[];
  @Field(() => Int, { description: "How many are in stock." }) inStock!: number;
  @Field(() => Int, { description: "How many have a discount." }) discounted!: number;
  @Field(() => [OptionFilter], { description: "The options the matching products are sold in, the most common first (at most 8, 30 values each)." })
  options!: OptionFilter[];
}

@Resolver()
class ProductResolver {
  @Query(() => ProductConnection, { description: "Storefront and admin product lists. Newest first unless sorted." })
  async products(
    @Ctx() { shop }: GraphQLContext,
    @Args(() => ProductFilterArgs) filters: ProductFilterArgs,
    @Arg("first", () => Int, { nullable: true, defaultValue: 24, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
    @Arg("name", () => String, {
      nullable: true,
      description: "Admin list: case-insensitive substring of the product's name only (no fuzzy matching).",
    })
    name: string | null,
    @Arg("sort", () => ProductSort, { nullable: true, defaultValue: ProductSort.DEFAULT }) sort: ProductSort | null,
  ): Promise<Connection<Product>> {
    const page = await shop.catalog.page({ ...filters, first, after, name, sort });
    return viewConnection(ProductConnection, page, viewProduct);
  }

  @Query(() => ProductFilters, {
    description: "The filters of a search or category page with their counts: ask it beside products() with the same arguments.",
  })
  async productFilters(@Ctx() { shop }: GraphQLContext, @Args(() => ProductFilterArgs) filters: ProductFilterArgs): Promise<ProductFilters> {
    const counts = await shop.catalog.filterCounts(filters);
    return {
      ...counts,
      categories: counts.categories.map(({ category, count }) => ({ category: viewCategory(category), count })),
      priceRanges: counts.priceRanges.map(({ min, max, count }) => ({ minPrice: min, maxPrice: max, count })),
    };
  }

  @Query(() => Product)
  async product(@Ctx() { shop }: GraphQLContext, @Arg("slug", () => String) slug: string): Promise<Product> {
    return viewProduct(await shop.catalog.bySlug(slug));
  }

  @Query(() => [Product], {
    description:
      "Admins: the products of these ids and those holding the variants of variantIds, each once, by id (at most 500 of each; unknown ids are left out): " +
      "what a promotion names, wherever it is in the catalogue.",
  })
  async productsByIds(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("ids", () => [Int]) ids: number[],
    @Arg("variantIds", () => [Int], { nullable: true }) variantIds: number[] | null,
  ): Promise<Product[]> {
    return (await shop.catalog.byIds(viewer, ids, variantIds ?? [])).map(viewProduct);
  }

  @Mutation(() => ProductPayload)
  async createProduct(@Ctx() { shop, viewer }: GraphQLContext, @Arg("input", () => ProductInput) input: ProductInput): Promise<ProductPayload> {
    const product = await shop.catalog.create(viewer, productInput(input));
    return { message: messages.productCreated, product: viewProduct(product) };
  }

  @Mutation(() => ProductPayload)
  async updateProduct(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("id", () => Int) id: number,
    @Arg("input", () => ProductUpdateInput) input: ProductUpdateInput,
  ): Promise<ProductPayload> {
    const product = await shop.catalog.update(viewer, id, productInput(input));
    return { message: messages.productUpdated, product: viewProduct(product) };
  }

  @Mutation(() => Message)
  async deleteProduct(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Message> {
    await shop.catalog.delete(viewer, id);
    return { message: messages.productDeleted };
  }
}

@Resolver()
class CategoryResolver {
  @Query(() => CategoryConnection, { description: "Newest first. search: part of the name, any case." })
  async categories(
    @Ctx() { shop }: GraphQLContext,
    @Arg("first", () => Int, { nullable: true, defaultValue: 100, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
    @Arg("search", () => String, { nullable: true }) search: string | null,
  ): Promise<Connection<Category>> {
    return viewConnection(CategoryConnection, await shop.categories.page({ first, after, search }), viewCategory);
  }

  @Query(() => Category)
  async category(@Ctx() { shop }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Category> {
    return viewCategory(await shop.categories.byId(id));
  }

  @Mutation(() => CategoryPayload)
  async createCategory(@Ctx() { shop, viewer }: GraphQLContext, @Arg("name", () => String) name: string): Promise<CategoryPayload> {
    const category = await shop.categories.create(viewer, { name });
    return { message: messages.categoryCreated, category: viewCategory(category) };
  }

  @Mutation(() => CategoryPayload)
  async updateCategory(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("id", () => Int) id: number,
    @Arg("name", () => String) name: string,
  ): Promise<CategoryPayload> {
    const category = await shop.categories.update(viewer, id, { name });
    return { message: messages.categoryUpdated, category: viewCategory(category) };
  }

  @Mutation(() => Message, { description: "Refused while the category still has products." })
  async deleteCategory(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Message> {
    await shop.categories.delete(viewer, id);
    return { message: messages.categoryDeleted };
  }
}

@Resolver()
class RegionResolver {
  @Query(() => RegionConnection, { description: "Newest first. search: part of the name, any case." })
  async regions(
    @Ctx() { shop }: GraphQLContext,
    @Arg("first", () => Int, { nullable: true, defaultValue: 100, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
    @Arg("search", () => String, { nullable: true }) search: string | null,
  ): Promise<Connection<Region>> {
    return viewConnection(RegionConnection, await shop.regions.page({ first, after, search }), viewRegion);
  }

  @Query(() => Region)
  async region(@Ctx() { shop }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Region> {
    return viewRegion(await shop.regions.byId(id));
  }

  @Mutation(() => RegionPayload)
  async createRegion(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("name", () => String) name: string,
    @Arg("fee", () => MoneyScalar) fee: number,
  ): Promise<RegionPayload> {
    const region = await shop.regions.create(viewer, { name, feeCents: fee });
    return { message: messages.regionCreated, region: viewRegion(region) };
  }

  @Mutation(() => RegionPayload)
  async updateRegion(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("id", () => Int) id: number,
    @Arg("name", () => String) name: string,
    @Arg("fee", () => MoneyScalar) fee: number,
  ): Promise<RegionPayload> {
    const region = await shop.regions.update(viewer, id, { name, feeCents: fee });
    return { message: messages.regionUpdated, region: viewRegion(region) };
  }

  @Mutation(() => Message)
  async deleteRegion(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Message> {
    await shop.regions.delete(viewer, id);
    return { message: messages.regionDeleted };
  }
}

export const catalogResolvers = [ProductResolver, CategoryResolver, RegionResolver] as const;
