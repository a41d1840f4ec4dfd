// The older client's request bodies as zod schemas: each maps the wire shape (snake_case,
// dollars, `image_one`, `cart` of product objects with `cartQuantity`, `region` as a name, id or object)
// to the domain's typed input, and the same schema documents the body in the OpenAPI document.
//
// Mapping never refuses a value: what the domain cannot use it refuses itself, with the spec's message
// on the field, together with every other problem of the form. Each field is documented with the JSON
// Schema of the domain rule that checks it.
import * as z from "zod";
import { accountForm, contactForm, passwordChangeForm, registrationForm, signInForm } from "../domain/accounts/index.js";
import { categoryForm, productForm, ratingForm, type ProductInput } from "../domain/catalog/index.js";
import { IMAGE_RULE } from "../domain/images/index.js";
import { isBlank, parseDollars, ROLES, type FormInput, type FormShape, type Role } from "../domain/shared/index.js";
import { ORDER_STATUSES, REFERENCE_PATTERN, type CartLineInput, type OrderStatusName, type PlaceOrderInput } from "../domain/orders/index.js";
import { regionForm } from "../domain/regions/index.js";
import { jsonSchemaOf } from "./json-schema.js";

type Documented = { description?: string };

/** A field passed on as sent; `rule` (the domain's) checks it and documents it. */
const checkedBy = (rule: z.ZodType, { description }: Documented = {}): z.ZodType =>
  z.unknown().meta({ ...jsonSchemaOf(rule), ...(description ? { description } : {}) });

/** A field the document names but the shop ignores (the old client sends it along). */
const ignored = (json: Record<string, unknown>) => z.unknown().meta(json);

/** Dollars as a number or numeric string ("12.50") into cents; what is not an amount becomes NaN, which the domain refuses in dollar words. */
const dollars = (description: string) =>
  z
    .unknown()
    .transform((value) => (value === undefined || value === null || value === "" ? value : (parseDollars(value) ?? Number.NaN)))
    .meta({ oneOf: [{ type: "number", minimum: 0 }, { type: "string", pattern: "^\\s*\\d+(\\.\\d{1,2})?\\s*$" }], description });

/** A file part of a multipart form. */
const file = (description: string) => z.unknown().meta({ type: "string", contentMediaType: "application/octet-stream", description });

/**
 * A body whose fields are listed; other fields the old client sends along are ignored. The document
 * marks every field required but those in `optional`; at run time a missing field is passed on as
 * absent, for the domain to say it is required along with the form's other problems.
 */
function body<S extends Record<string, z.ZodType>>(shape: S, optional: (keyof S & string)[] = []) {
  const fields = Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, schema.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
  return z.looseObject(fields).meta({ required: Object.keys(shape).filter((name) => !optional.includes(name)) });
}

/**
 * The body of a domain form as the old client sends it: each field under its wire name (snake_case where
 * the old client spells it so), documented by the domain rule that checks it, and handed over as sent.
 */
function formPayload<F extends FormShape>(
  form: F,
  { wireNames = {}, optional = [], descriptions = {} }: {
    wireNames?: Partial<Record<keyof F & string, string>>;
    optional?: (keyof F & string)[];
    descriptions?: Partial<Record<keyof F & string, string>>;
  } = {},
) {
  const keys = Object.keys(form) as (keyof F & string)[];
  const wire = (key: keyof F & string): string => wireNames[key] ?? key;
  const shape: Record<string, z.ZodType> = Object.fromEntries(keys.map((key) => [wire(key), checkedBy(form[key], { description: descriptions[key] })]));
  return body(shape, optional.map(wire)).transform((fields) => Object.fromEntries(keys.map((key) => [key, fields[wire(key)]])) as FormInput<F>);
}

export const registrationPayload = formPayload(registrationForm, {
  wireNames: { passwordConfirmation: "password_confirmation" },
  descriptions: { passwordConfirmation: "The password again." },
});

export const signInPayload = formPayload(signInForm);

export const accountPayload = formPayload(accountForm, {
  wireNames: { currentPassword: "current_password" },
  optional: ["currentPassword"],
  descriptions: { currentPassword: "Required only when the email changes." },
});

export const contactPayload = formPayload(contactForm);

export const passwordChangePayload = formPayload(passwordChangeForm, {
  wireNames: { oldPassword: "old_password", passwordConfirmation: "password_confirmation" },
  descriptions: { passwordConfirmation: "The new password again." },
});

export const rolePayload = body({ role: z.unknown().meta({ type: "string", enum: [...ROLES] }) }).transform((fields) => fields.role as Role);

export const categoryPayload = formPayload(categoryForm);

export const regionPayload = body({
  name: checkedBy(regionForm.name),
  fee: dollars("The delivery fee in dollars, as a number or a numeric string."),
}).transform((fields) => ({ name: fields.name as string, feeCents: fields.fee as number }));

/** The product form (multipart): text fields, dollars, the category's name and up to two image files. */
const productPayload = (imageOne: "required" | "optional") => {
  return body({
    name: checkedBy(productForm.name),
    description: checkedBy(productForm.description),
    price: dollars("Dollars, e.g. 24.99."),
    discount_price: dollars("Dollars, below the price; leave empty for no discount."),
    quantity: checkedBy(productForm.quantity, { description: "Units in stock, a whole number." }),
    category: z.unknown().meta({ type: "string", description: "The category's name." }),
    image_one: file(imageOne === "required" ? IMAGE_RULE : "Only to replace the current image."),
    image_two: file("Optional; only to add or replace the second image."),
  }, imageOne === "required" ? ["discount_price", "image_two"] : ["discount_price", "image_one", "image_two"]).transform(
    (fields): ProductInput => ({
      name: fields.name as string,
      description: fields.description as string,
      priceCents: fields.price as number,
      discountPriceCents: isBlank(fields.discount_price) ? null : (fields.discount_price as number),
      quantity: fields.quantity as number,
      // Given by name: the domain looks it up whatever its case (a name that is not text is refused there).
      category: (isBlank(fields.category) ? fields.category : { name: fields.category }) as ProductInput["category"],
      imageOne: fields.image_one as ProductInput["imageOne"],
      imageTwo: fields.image_two as ProductInput["imageTwo"],
    }),
  );
};
export const newProductPayload = productPayload("required");
export const productUpdatePayload = productPayload("optional");

export const ratingPayload = formPayload(ratingForm, { wireNames: { stars: "rating_number" } });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A cart item as the old client keeps it: the product's fields plus cartQuantity; only id and cartQuantity count. */
const cartItem = body({ id: z.unknown().meta({ type: "integer" }), cartQuantity: z.unknown().meta({ type: "integer", minimum: 1 }) }).meta({
  description: "A cart item: the product's fields plus cartQuantity; only id and cartQuantity count.",
});

/** The cart's items as cart lines; items that are no objects go on as they are, for the domain to refuse. */
const cart = z
  .unknown()
  .transform((value): CartLineInput[] =>
    Array.isArray(value)
      ? value.map((item) =>
          isRecord(item) ? { productId: item.id as number, quantity: item.cartQuantity as number, name: item.name as string | undefined } : item,
        )
      : (value as CartLineInput[]),
  )
  .meta({ type: "array", items: jsonSchemaOf(cartItem) });

export const cartCheckPayload = body({ cart }).transform((fields) => fields.cart as CartLineInput[]);

/** The delivery region as the old client's order-store sends it: its id, its name (as orders show it) or the whole region object. */
function regionChoice(value: unknown): unknown {
  if (isRecord(value)) return "id" in value ? value.id : value;
  if (typeof value === "string" && value.trim() !== "" && !/^\d+$/.test(value)) return { name: value };
  return value;
}

export const orderPayload = body({
  cart,
  region: z
    .unknown()
    .transform(regionChoice)
    .meta({
      oneOf: [
        { type: "integer", minimum: 1 },
        { type: "string", description: "The region's name, as orders show it." },
        { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
      ],
      description: "The delivery region: its id, its name, or the whole region object.",
    }),
  reference: z.unknown().meta({ type: "string", pattern: REFERENCE_PATTERN.source, description: "16 characters A-Z 0-9, made by the client." }),
  user_id: ignored({ type: "integer", description: "May be left out; when sent it must be the caller's own id (403 otherwise)." }),
  subtotal_price: ignored({ type: "number", description: "Ignored: the server computes every total." }),
  delivery_fee: ignored({ type: "number", description: "Ignored: the fee is the region's." }),
  coupon_code: z.unknown().meta({
    type: "string",
    maxLength: 64,
    description:
      "Optional: a promotion code. It must apply to the order (422 at coupon_code with the reason otherwise, e.g. 'This code has expired.'); the order's total then includes its discount.",
  }),
}, ["user_id", "subtotal_price", "delivery_fee", "coupon_code"]).transform(
  (fields): PlaceOrderInput => ({
    lines: fields.cart as CartLineInput[],
    // REST clients know no variants: a product id buys its default variant (the one its REST price and stock are).
    productLines: "default-variant",
    region: fields.region as PlaceOrderInput["region"],
    reference: fields.reference as string,
    userId: fields.user_id as number | null | undefined,
    codes: fields.coupon_code === undefined || fields.coupon_code === null || fields.coupon_code === "" ? [] : [fields.coupon_code as string],
  }),
);

export const orderStatusPayload = body({
  status: z.unknown().meta({ type: "string", enum: [...ORDER_STATUSES] }),
}).transform((fields) => fields.status as OrderStatusName);
