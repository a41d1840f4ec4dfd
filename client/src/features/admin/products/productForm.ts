// The product form's values and what is sent: discount price and image 2 are
// optional; image 1 is required on create and sent on edit only if chosen. The fields the API cannot
// take empty (price, quantity, category, image 1 on create) are checked here; every other bound is the server's.
import type { ProductInput, ProductUpdateInput } from "../../../graphql/generated/graphql";
import { REQUIRED } from "../adminRules";

export interface ProductFormValues {
  name: string;
  description: string;
  price: number | string;
  discountPrice: number | string;
  quantity: number | string;
  /** The chosen category's id, "" until one is chosen. */
  categoryId: string;
  imageOne: File | null;
  imageTwo: File | null;
  /**
   * The product's own tax class as chosen in the form: a class's id, "" for its category's class, or null
   * while the owner has not touched the select (the class it has stays, whatever it is).
   */
  taxClassId: string | null;
}

export type ProductFormErrors = Partial<Record<"price" | "quantity" | "categoryId" | "imageOne", string>>;

export const emptyProductForm = (): ProductFormValues => ({
  name: "",
  description: "",
  price: "",
  discountPrice: "",
  quantity: "",
  categoryId: "",
  imageOne: null,
  imageTwo: null,
  taxClassId: null,
});

const isBlank = (value: number | string) => String(value).trim() === "";

/** The fields left empty that the API needs, each with 'Required'. */
export function missingProductFields(values: ProductFormValues, { imageOneRequired }: { imageOneRequired: boolean }): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (isBlank(values.price)) errors.price = REQUIRED;
  if (isBlank(values.quantity)) errors.quantity = REQUIRED;
  if (values.categoryId === "") errors.categoryId = REQUIRED;
  if (imageOneRequired && !values.imageOne) errors.imageOne = REQUIRED;
  return errors;
}

function commonFields(values: ProductFormValues) {
  return {
    name: values.name,
    description: values.description,
    price: Number(values.price),
    quantity: Number(values.quantity),
    categoryId: Number(values.categoryId),
  };
}

/** A new product: the discount price and image 2 only when given. */
export function productInput(values: ProductFormValues & { imageOne: File }): ProductInput {
  return {
    ...commonFields(values),
    ...(isBlank(values.discountPrice) ? {} : { discountPrice: Number(values.discountPrice) }),
    imageOne: values.imageOne,
    ...(values.imageTwo ? { imageTwo: values.imageTwo } : {}),
  };
}

/** A product's new details: an empty discount price removes the discount; images only when chosen. */
export function productUpdateInput(values: ProductFormValues): ProductUpdateInput {
  return {
    ...commonFields(values),
    discountPrice: isBlank(values.discountPrice) ? null : Number(values.discountPrice),
    ...(values.imageOne ? { imageOne: values.imageOne } : {}),
    ...(values.imageTwo ? { imageTwo: values.imageTwo } : {}),
  };
}

/**
 * The product's own tax class to save, or undefined when it stays as it is: a class's id, or null to clear
 * it (the product is then taxed by its category's class). `current` is the class it has now (null: none of
 * its own); a new product has none.
 */
export function taxClassChange(values: Pick<ProductFormValues, "taxClassId">, current: number | null): number | null | undefined {
  if (values.taxClassId === null) return undefined;
  const chosen = values.taxClassId === "" ? null : Number(values.taxClassId);
  return chosen === current ? undefined : chosen;
}
