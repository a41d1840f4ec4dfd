// Variants over GraphQL: a product's options and the variants a shopper chooses from (catalog/variants.ts
// owns the rules), their price range, and the owner's grid (saveProductVariants). Thin: reads go through the
// request's loader, so a list asking for variants reads them in one go.
import GraphQLUpload from "graphql-upload/GraphQLUpload.mjs";
import type { FileUpload } from "graphql-upload/processRequest.mjs";
import { Arg, Ctx, Field, FieldResolver, InputType, Int, Mutation, ObjectType, Resolver, Root } from "type-graphql";
import type { Picture } from "../domain/images/index.js";
import { defaultVariant, unitPriceCents, type ProductVariants, type ProductWithCategory, type VariantView } from "../domain/catalog/index.js";
import { requireAdmin } from "../domain/shared/index.js";
import { IMAGE_RULE } from "../domain/images/index.js";
import type { GraphQLContext } from "./context.js";
import { Image } from "./pictures.resolver.js";
import { MoneyScalar } from "./scalars.js";
import { Product, VariantOption, viewProduct } from "./types.js";

@ObjectType({ simpleResolvers: true, description: "A value of an option, e.g. 24 cm." })
class ProductOptionValue {
  @Field(() => Int) id!: number;
  @Field(() => String) value!: string;
}

@ObjectType({ simpleResolvers: true, description: "An option a product is sold in, e.g. Pot size, with its values in the order shoppers see them." })
class ProductOption {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => [ProductOptionValue]) values!: ProductOptionValue[];
}

@ObjectType({ simpleResolvers: true, description: "What a shopper buys: one combination of the product's option values, with its own SKU, price, stock and picture." })
class ProductVariant {
  @Field(() => Int) id!: number;
  @Field(() => String, { description: "Unique in the shop; ?variant=SKU on the product page chooses it." }) sku!: string;
  @Field(() => MoneyScalar) price!: number;
  @Field(() => MoneyScalar, { nullable: true, description: "The discounted price; null when there is no discount." }) discountPrice!: number | null;
  @Field(() => MoneyScalar, { description: "What one unit costs now: the discount price when set, else the price." }) unitPrice!: number;
  @Field(() => Int, { description: "Units in stock." }) quantity!: number;
  @Field(() => [VariantOption], { description: "Its value of each of the product's options, in the options' order; empty without options." })
  options!: VariantOption[];
  @Field(() => Boolean, { description: "On sale. Shoppers are shown only variants on sale; admins see every one." }) enabled!: boolean;
  @Field(() => Boolean, { description: "The variant bought when a client names only the product (the REST shim), whose price and stock the product shows." })
  isDefault!: boolean;
  @Field(() => String, { nullable: true, description: "The variant's own picture as stored (/uploads/...), to send back in saveProductVariants; null: the product's pictures." })
  imageRef!: string | null;
  productName!: string;
}

@ObjectType({ simpleResolvers: true, description: "A price with its discount price: what a discount badge is worked out from." })
class DiscountedPrice {
  @Field(() => MoneyScalar) price!: number;
  @Field(() => MoneyScalar) discountPrice!: number;
}

@ObjectType({ simpleResolvers: true, description: "The lowest and highest unit price of a product's variants on sale: cards say 'from $min' when they differ." })
class PriceRange {
  @Field(() => MoneyScalar) min!: number;
  @Field(() => MoneyScalar) max!: number;
}

function viewVariant(variant: VariantView, isDefault: boolean, productName: string): ProductVariant {
  return {
    id: variant.id,
    sku: variant.sku,
    price: variant.priceCents,
    discountPrice: variant.discountPriceCents,
    unitPrice: unitPriceCents(variant),
    quantity: variant.quantity,
    options: variant.options,
    enabled: variant.enabled,
    isDefault,
    imageRef: variant.image,
    productName,
  };
}

function viewVariants(found: ProductVariants, productName: string, everyVariant: boolean): ProductVariant[] {
  const chosen = defaultVariant(found.variants);
  return found.variants
    .filter((variant) => everyVariant || variant.enabled)
    .map((variant) => viewVariant(variant, variant === chosen, productName));
}

/**
 * A product as a webhook reports it: the Product view with its options and every variant (SKUs included),
 * when the row carries them (catalog withVariants); the serialiser then shows them as the API would.
 */
export function viewProductWithVariants(row: ProductWithCategory & Partial<ProductVariants>): Product & { options?: ProductOption[]; variants?: ProductVariant[] } {
  const product = viewProduct(row);
  if (!row.variants) return product;
  return { ...product, options: row.options ?? [], variants: viewVariants({ options: row.options ?? [], variants: row.variants }, row.name, true) };
}

@Resolver(() => Product)
class ProductVariantsResolver {
  @FieldResolver(() => [ProductOption], { description: "The options the product is sold in (none for a product sold in one variant)." })
  async options(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<ProductOption[]> {
    return (await loaders.variants.load(product.id)).options;
  }

  @FieldResolver(() => [ProductVariant], { description: "The variants on sale, in the owner's order (with everyVariant, admins: those off sale too). At least one, at most 100." })
  async variants(
    @Root() product: Product,
    @Ctx() { loaders, viewer }: GraphQLContext,
    // An argument rather than the viewer's role: a client's cache keeps the storefront's answer and the
    // admin grid's apart, so an admin browsing the shop sees what shoppers see.
    @Arg("everyVariant", () => Boolean, { defaultValue: false, description: "Admins: the variants off sale too (FORBIDDEN for others)." }) everyVariant: boolean,
  ): Promise<ProductVariant[]> {
    if (everyVariant) requireAdmin(viewer, "catalogue:read");
    return viewVariants(await loaders.variants.load(product.id), product.name, everyVariant);
  }

  @FieldResolver(() => PriceRange, { description: "The lowest and highest unit price of the variants on sale." })
  priceRange(@Root() product: Product): PriceRange {
    return { min: product.unitPriceMin, max: product.unitPriceMax };
  }

  @FieldResolver(() => DiscountedPrice, {
    nullable: true,
    description:
      "The best discount among the variants on sale (the largest share off its price), for the card's badge; null when none is discounted. For a product sold in one variant: its own price and discount price.",
  })
  async bestDiscount(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<DiscountedPrice | null> {
    // A product sold in one variant carries its prices itself: no read.
    if (product.variantCount <= 1) return product.discountPrice === null ? null : { price: product.price, discountPrice: product.discountPrice };
    let best: DiscountedPrice | null = null;
    for (const variant of (await loaders.variants.load(product.id)).variants) {
      if (!variant.enabled || variant.discountPriceCents === null) continue;
      const off = (variant.priceCents - variant.discountPriceCents) / variant.priceCents;
      if (!best || off > (best.price - best.discountPrice) / best.price) best = { price: variant.priceCents, discountPrice: variant.discountPriceCents };
    }
    return best;
  }

  @FieldResolver(() => Int, { description: "How many variants are on sale." })
  variantCount(@Root() product: Product): number {
    return product.variantCount;
  }
}

@Resolver(() => ProductVariant)
class VariantPictureResolver {
  @FieldResolver(() => Image, { nullable: true, description: "The variant's own picture; null: the product's pictures show it." })
  async image(@Root() variant: ProductVariant, @Ctx() context: GraphQLContext): Promise<Picture | null> {
    if (!variant.imageRef) return null;
    return context.shop.images.picture(variant.imageRef, await context.loaders.pictures.load(variant.imageRef), variant.productName);
  }
}

@InputType({ description: "An option and its values, in the order shoppers see them." })
class ProductOptionInput {
  @Field(() => String) name!: string;
  @Field(() => [String]) values!: string[];
}

@InputType()
class VariantOptionInput {
  @Field(() => String) name!: string;
  @Field(() => String) value!: string;
}

@InputType({ description: "One row of the variant grid." })
class ProductVariantInput {
  @Field(() => Int, { nullable: true, description: "A variant of this product to keep (past orders keep pointing at it); matched by SKU when left out." })
  id!: number | null;
  @Field(() => String) sku!: string;
  @Field(() => [VariantOptionInput], { description: "One value per option." }) options!: VariantOptionInput[];
  @Field(() => MoneyScalar) price!: number;
  @Field(() => MoneyScalar, { nullable: true }) discountPrice!: number | null;
  @Field(() => Int) quantity!: number;
  @Field(() => Boolean, { nullable: true, description: "On sale (default true)." }) enabled!: boolean | null;
  @Field(() => String, {
    nullable: true,
    description: "A stored picture's path (/uploads/..., ProductVariant.imageRef), shown when this variant is chosen; null: none; left out: a kept variant keeps its own.",
  })
  image?: string | null;
  @Field(() => GraphQLUpload, { nullable: true, description: `A new picture of its own (multipart upload), instead of image. ${IMAGE_RULE}` })
  imageUpload?: Promise<FileUpload> | null;
}

@InputType({ description: "A product's options and variants, replacing the ones it has." })
class ProductVariantsInput {
  @Field(() => [ProductOptionInput]) options!: ProductOptionInput[];
  @Field(() => [ProductVariantInput]) variants!: ProductVariantInput[];
}

@Resolver()
class VariantGridResolver {
  @Mutation(() => Product, { description: "Admin: sets a product's options and variants (the variant grid), all or nothing." })
  async saveProductVariants(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("productId", () => Int) productId: number,
    @Arg("input", () => ProductVariantsInput) input: ProductVariantsInput,
  ): Promise<Product> {
    await shop.catalog.saveVariants(viewer, productId, {
      options: input.options,
      variants: input.variants.map(({ imageUpload, ...variant }) => ({ ...variant, priceCents: variant.price, discountPriceCents: variant.discountPrice, upload: imageUpload })),
    });
    return viewProduct(await shop.catalog.byId(productId));
  }
}

export const variantResolvers = [ProductVariantsResolver, VariantPictureResolver, VariantGridResolver] as const;
