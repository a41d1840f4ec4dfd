// The back office's promotions and taxes over GraphQL. Thin: domain/promotions and domain/taxes check
// permissions and inputs; here arguments are handed over and rows mapped to object types.
import { Arg, Ctx, Field, Float, ID, InputType, Int, Mutation, ObjectType, Query, registerEnumType, Resolver } from "type-graphql";
import { kindName, type PromotionInput as DomainPromotionInput, type PromotionView } from "../domain/promotions/index.js";
import type { TaxSettings as DomainTaxSettings } from "../domain/taxes/index.js";
import type { GraphQLContext } from "./context.js";
import { MoneyScalar } from "./scalars.js";
import { CartQuote, Message, ratePercent } from "./types.js";
import { CartLineInput, viewQuote } from "./orders.resolver.js";

enum PromotionKindName {
  PERCENT_OFF = "percent-off",
  AMOUNT_OFF = "amount-off",
  BUY_X_GET_Y = "buy-x-get-y",
  FREE_DELIVERY = "free-delivery",
}
registerEnumType(PromotionKindName, {
  name: "PromotionKind",
  description: "percent-off / amount-off (of the lines it applies to), buy-x-get-y (the cheapest units free), free-delivery.",
});

enum PromotionStatusName {
  SCHEDULED = "scheduled",
  ACTIVE = "active",
  PAUSED = "paused",
  ENDED = "ended",
  USED_UP = "used-up",
  NO_CODES = "no-codes",
}
registerEnumType(PromotionStatusName, {
  name: "PromotionStatus",
  description: "no-codes: a code promotion with neither a shared code nor single-use codes yet (no shopper can get it until it has some).",
});

@ObjectType({ simpleResolvers: true, description: "A promotion as the back office sees it." })
class Promotion {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => PromotionKindName) kind!: PromotionKindName;
  @Field(() => PromotionStatusName) status!: PromotionStatusName;
  @Field(() => Float, { nullable: true, description: "percent-off: the percentage (12.5 = 12.5%)." }) percent!: number | null;
  @Field(() => MoneyScalar, { nullable: true, description: "amount-off: the amount." }) amount!: number | null;
  @Field(() => Int, { nullable: true }) buyQuantity!: number | null;
  @Field(() => Int, { nullable: true }) getQuantity!: number | null;
  @Field(() => [Int], { description: "It applies to lines of these categories, products or variants; all three empty: every line." }) categoryIds!: number[];
  @Field(() => [Int]) productIds!: number[];
  @Field(() => [Int]) variantIds!: number[];
  @Field(() => MoneyScalar, { nullable: true, description: "The items total (before promotions) must be at least this." }) minItems!: number | null;
  @Field(() => Int, { nullable: true, description: "The units of the lines it applies to must be at least this." }) minQuantity!: number | null;
  @Field(() => Date, { nullable: true }) startsAt!: Date | null;
  @Field(() => Date, { nullable: true }) endsAt!: Date | null;
  @Field(() => Int, { nullable: true }) usageLimit!: number | null;
  @Field(() => Int, { nullable: true, description: "Orders per customer (guests counted by e-mail)." }) perCustomerLimit!: number | null;
  @Field(() => Int, { description: "Orders that used it (cancelled ones give theirs back)." }) uses!: number;
  @Field(() => Boolean, { description: "Combines with other combinable promotions; otherwise the best choice for the shopper wins." }) combinable!: boolean;
  @Field(() => Boolean, { description: "Also applies to lines whose product has its own discount price." }) onDiscountedItems!: boolean;
  @Field(() => Boolean, { description: "Applies by itself; false: only with a code." }) automatic!: boolean;
  @Field(() => Boolean) paused!: boolean;
  @Field(() => String, { nullable: true, description: "Its shared code (SPRING10), when it has one." }) code!: string | null;
  @Field(() => Int, { description: "How many codes it has (the shared one and any batch of single-use codes)." }) codeCount!: number;
  @Field(() => Date) createdAt!: Date;
}

function viewPromotion(row: PromotionView): Promotion {
  return {
    id: row.id,
    name: row.name,
    kind: kindName(row.kind) as PromotionKindName,
    status: row.status as PromotionStatusName,
    percent: row.percentBp === null ? null : row.percentBp / 100,
    amount: row.amountCents,
    buyQuantity: row.buyQuantity,
    getQuantity: row.getQuantity,
    categoryIds: row.categoryIds,
    productIds: row.productIds,
    variantIds: row.variantIds,
    minItems: row.minItemsCents,
    minQuantity: row.minQuantity,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    uses: row.uses,
    combinable: row.combinable,
    onDiscountedItems: row.onDiscountedItems,
    automatic: row.automatic,
    paused: row.paused,
    code: row.code,
    codeCount: row.codeCount,
    createdAt: row.createdAt,
  };
}

@InputType({ description: "A promotion as the editor sends it; problems are answered at their fields (percent, amount, code, ends_at, ...)." })
class PromotionInput {
  @Field(() => String) name!: string;
  @Field(() => PromotionKindName) kind!: PromotionKindName;
  @Field(() => Float, { nullable: true }) percent!: number | null;
  @Field(() => MoneyScalar, { nullable: true }) amount!: number | null;
  @Field(() => Int, { nullable: true }) buyQuantity!: number | null;
  @Field(() => Int, { nullable: true }) getQuantity!: number | null;
  @Field(() => [Int], { nullable: true }) categoryIds!: number[] | null;
  @Field(() => [Int], { nullable: true }) productIds!: number[] | null;
  @Field(() => [Int], { nullable: true }) variantIds!: number[] | null;
  @Field(() => MoneyScalar, { nullable: true }) minItems!: number | null;
  @Field(() => Int, { nullable: true }) minQuantity!: number | null;
  @Field(() => Date, { nullable: true }) startsAt!: Date | null;
  @Field(() => Date, { nullable: true }) endsAt!: Date | null;
  @Field(() => Int, { nullable: true }) usageLimit!: number | null;
  @Field(() => Int, { nullable: true }) perCustomerLimit!: number | null;
  @Field(() => Boolean, { nullable: true }) combinable!: boolean | null;
  @Field(() => Boolean, { nullable: true }) onDiscountedItems!: boolean | null;
  @Field(() => Boolean, { nullable: true }) automatic!: boolean | null;
  @Field(() => String, { nullable: true, description: "A code promotion's shared code; leave out for batch codes only (generatePromotionCodes)." }) code!: string | null;
}

const promotionInput = (input: PromotionInput): DomainPromotionInput => ({
  ...input,
  kind: input.kind,
  amountCents: input.amount,
  minItemsCents: input.minItems,
});

@ObjectType({ simpleResolvers: true })
class TaxClass {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => Boolean, { description: "The class of lines whose product and category name none." }) isDefault!: boolean;
}

@ObjectType({ simpleResolvers: true, description: "A rate of a tax class in a region." })
class TaxRate {
  @Field(() => Int) regionId!: number;
  @Field(() => Int) taxClassId!: number;
  @Field(() => Float, { description: "In percent (8.875)." }) rate!: number;
  @Field(() => String, { description: "As invoices show it: VAT 20%." }) name!: string;
}

@ObjectType({ simpleResolvers: true })
class DeliveryTaxRate {
  @Field(() => Int) regionId!: number;
  @Field(() => Float) rate!: number;
  @Field(() => String) name!: string;
}

@ObjectType({ simpleResolvers: true })
class CategoryTaxClass {
  @Field(() => Int) categoryId!: number;
  @Field(() => Int) taxClassId!: number;
}

/** The one id of the shop's tax settings (a constant: there is one set, kept in shop_settings' only row). */
export const TAX_SETTINGS_ID = "tax-settings";

@ObjectType({ simpleResolvers: true, description: "The shop's taxes: classes, rates per region and class, delivery's rates, categories' classes, and whether prices hold their tax." })
class TaxSettings {
  @Field(() => ID, { description: `Always "${TAX_SETTINGS_ID}": the shop has one set of tax settings, so every answer holding them is the same object (clients' caches merge them by it).` })
  id!: string;
  @Field(() => Boolean, { description: "Prices and fees as entered hold their tax (EU style); false: tax is added (US style)." }) pricesIncludeTax!: boolean;
  @Field(() => [TaxClass]) classes!: TaxClass[];
  @Field(() => [TaxRate]) rates!: TaxRate[];
  @Field(() => [DeliveryTaxRate], { description: "Regions that tax delivery; the others do not." }) deliveryRates!: DeliveryTaxRate[];
  @Field(() => [CategoryTaxClass], { description: "Categories in another class than the default." }) categoryClasses!: CategoryTaxClass[];
}

const viewTaxes = (settings: DomainTaxSettings): TaxSettings => ({
  id: TAX_SETTINGS_ID,
  pricesIncludeTax: settings.pricesIncludeTax,
  classes: settings.classes,
  rates: settings.rates.map((rate) => ({ regionId: rate.regionId, taxClassId: rate.taxClassId, rate: ratePercent(rate.ratePpm), name: rate.name })),
  deliveryRates: settings.deliveryRates.map((rate) => ({ regionId: rate.regionId, rate: ratePercent(rate.ratePpm), name: rate.name })),
  categoryClasses: settings.categoryClasses,
});

@Resolver()
class PromotionResolver {
  @Query(() => [Promotion], { description: "Admins: every promotion, newest first, with its status and uses." })
  async promotions(@Ctx() { shop, viewer }: GraphQLContext): Promise<Promotion[]> {
    return (await shop.promotions.list(viewer)).map(viewPromotion);
  }

  @Query(() => Promotion, { description: "Admins: one promotion." })
  async promotion(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Promotion> {
    return viewPromotion(await shop.promotions.byId(viewer, id));
  }

  @Mutation(() => Promotion, { description: "Admins: a new promotion." })
  async createPromotion(@Ctx() { shop, viewer }: GraphQLContext, @Arg("input", () => PromotionInput) input: PromotionInput): Promise<Promotion> {
    return viewPromotion(await shop.promotions.create(viewer, promotionInput(input)));
  }

  @Mutation(() => Promotion, { description: "Admins: a promotion's new settings (the usage limit never below its uses)." })
  async updatePromotion(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number, @Arg("input", () => PromotionInput) input: PromotionInput): Promise<Promotion> {
    return viewPromotion(await shop.promotions.update(viewer, id, promotionInput(input)));
  }

  @Mutation(() => Promotion, { description: "Admins: pauses (no cart gets it) or resumes a promotion." })
  async setPromotionPaused(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number, @Arg("paused", () => Boolean) paused: boolean): Promise<Promotion> {
    return viewPromotion(await shop.promotions.setPaused(viewer, id, paused));
  }

  @Mutation(() => Message, { description: "Admins: deletes a promotion; orders that got it keep its name and amount." })
  async deletePromotion(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Message> {
    await shop.promotions.delete(viewer, id);
    return { message: "Promotion deleted." };
  }

  @Mutation(() => Int, { description: "Admins: adds up to 10,000 single-use codes to a code promotion (PREFIX-XXXXXXXX); answers how many were added." })
  async generatePromotionCodes(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("id", () => Int) id: number,
    @Arg("count", () => Int) count: number,
    @Arg("prefix", () => String, { nullable: true }) prefix: string | null,
  ): Promise<number> {
    return shop.promotions.generateCodes(viewer, id, count, prefix);
  }

  @Query(() => CartQuote, { description: "Admins: a sample cart priced with this promotion alone, as the editor has it (not saved), for its live preview." })
  async promotionPreview(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("input", () => PromotionInput) input: PromotionInput,
    @Arg("lines", () => [CartLineInput]) lines: CartLineInput[],
    @Arg("regionId", () => Int, { nullable: true }) regionId: number | null,
  ): Promise<CartQuote> {
    return viewQuote(await shop.orders.previewPromotion(viewer, promotionInput(input), lines, regionId, shop.promotions));
  }

  @Query(() => String, { description: "Admins: a promotion's codes as CSV (code,single_use,uses), to download." })
  promotionCodesCsv(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<string> {
    return shop.promotions.codesCsv(viewer, id);
  }
}

@Resolver()
class TaxResolver {
  @Query(() => TaxSettings, { description: "Admins: the shop's taxes." })
  async taxSettings(@Ctx() { shop, viewer }: GraphQLContext): Promise<TaxSettings> {
    return viewTaxes(await shop.taxes.settings(viewer));
  }

  @Mutation(() => TaxSettings, { description: "Admins: prices as entered hold their tax (true, EU style) or not (US style)." })
  async setPricesIncludeTax(@Ctx() { shop, viewer }: GraphQLContext, @Arg("included", () => Boolean) included: boolean): Promise<TaxSettings> {
    return viewTaxes(await shop.taxes.setPricesIncludeTax(viewer, included));
  }

  @Mutation(() => TaxSettings, { description: "Admins: adds a tax class, or renames one (id given)." })
  async saveTaxClass(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int, { nullable: true }) id: number | null, @Arg("name", () => String) name: string): Promise<TaxSettings> {
    return viewTaxes(await shop.taxes.saveClass(viewer, id, name));
  }

  @Mutation(() => TaxSettings, { description: "Admins: deletes a tax class (not the default): its rates go, its categories and products fall back to the default." })
  async deleteTaxClass(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<TaxSettings> {
    return viewTaxes(await shop.taxes.deleteClass(viewer, id));
  }

  @Mutation(() => TaxSettings, { description: "Admins: sets a class's rate in a region (percent, and its name as invoices show it); rate null removes it." })
  async setTaxRate(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("regionId", () => Int) regionId: number,
    @Arg("taxClassId", () => Int) taxClassId: number,
    @Arg("rate", () => Float, { nullable: true }) rate: number | null,
    @Arg("name", () => String, { nullable: true }) name: string | null,
  ): Promise<TaxSettings> {
    return viewTaxes(await shop.taxes.setRate(viewer, regionId, taxClassId, rate, name));
  }

  @Mutation(() => TaxSettings, { description: "Admins: taxes delivery in a region (rate null: not taxed)." })
  async setDeliveryTaxRate(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("regionId", () => Int) regionId: number,
    @Arg("rate", () => Float, { nullable: true }) rate: number | null,
    @Arg("name", () => String, { nullable: true }) name: string | null,
  ): Promise<TaxSettings> {
    return viewTaxes(await shop.taxes.setDeliveryRate(viewer, regionId, rate, name));
  }

  @Mutation(() => TaxSettings, { description: "Admins: puts a category in a tax class (null: the default)." })
  async setCategoryTaxClass(@Ctx() { shop, viewer }: GraphQLContext, @Arg("categoryId", () => Int) categoryId: number, @Arg("taxClassId", () => Int, { nullable: true }) taxClassId: number | null): Promise<TaxSettings> {
    return viewTaxes(await shop.taxes.setClassOf(viewer, "category", categoryId, taxClassId));
  }

  @Query(() => Int, { nullable: true, description: "Admins: a product's own tax class; null: it is taxed by its category's class." })
  productTaxClass(@Ctx() { shop, viewer }: GraphQLContext, @Arg("productId", () => Int) productId: number): Promise<number | null> {
    return shop.taxes.productClass(viewer, productId);
  }

  @Mutation(() => TaxSettings, { description: "Admins: puts a product in its own tax class (null: its category's)." })
  async setProductTaxClass(@Ctx() { shop, viewer }: GraphQLContext, @Arg("productId", () => Int) productId: number, @Arg("taxClassId", () => Int, { nullable: true }) taxClassId: number | null): Promise<TaxSettings> {
    return viewTaxes(await shop.taxes.setClassOf(viewer, "product", productId, taxClassId));
  }
}

export const pricingResolvers = [PromotionResolver, TaxResolver] as const;
