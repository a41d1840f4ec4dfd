// New product ('new product') and Edit product: title, description,
// price, discount price (optional), quantity, category ('Select category'), image 1 and image 2
// (optional) with a preview. Edit loads the product by slug and prefills (button Update); a failed
// load shows the server's error text. After a save the server's message shows, the lists reload and
// the screen goes back one page; a failure shows the server's message.
// A "Tax class" select offers "Category's class (X)" (X: the class of the category chosen in the form), the
// default, and every tax class: saving sets the product's own class, or clears it back to its category's
// (setProductTaxClass, after the product itself is saved; only when the choice changed).
// Under the edit form: the product's variants (VariantsSection). The form's price, discount price and
// quantity are the default variant's (the first on sale), so it starts again from them when a saved grid
// changed them.
import { useMutation, useQuery } from "@apollo/client/react";
import { NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import {
  AdminProductDocument,
  ProductCategoriesDocument,
  type AdminProductQuery,
} from "../../../graphql/generated/graphql";
import { useGoBack } from "../../../lib/navigation/useGoBack";
import { reportChange } from "../../../lib/notify";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { notifyServerFailure } from "../adminFeedback";
import { AdminForm, EntryNotLoaded, useNotifyLoadFailure } from "../AdminParts";
import type { PictureImage } from "../../../components/ProductPicture";
import { ImageField } from "./ImageField";
import {
  emptyProductForm,
  missingProductFields,
  productInput,
  productUpdateInput,
  taxClassChange,
  type ProductFormErrors,
  type ProductFormValues,
} from "./productForm";
import { ProductTaxChoicesDocument, SetProductTaxClassDocument } from "./taxClassOperations";
import { useCreateProduct, useUpdateProduct } from "./useProductChanges";
import { VariantsSection } from "./VariantsSection";

const MANAGE_PRODUCTS = "/admin/manage-product";

interface ProductFormProps {
  title: string;
  submitLabel: string;
  initial: ProductFormValues;
  /** The product's current images, previewed until others are chosen (edit). */
  currentImages?: { imageOne: PictureImage | null; imageTwo: PictureImage | null };
  imageOneRequired: boolean;
  submitting: boolean;
  /** The product's own tax class as it is now (edit; null: its category's; undefined while it loads); a new product has none. */
  currentTaxClassId: number | null | undefined;
  /** Saves; resolves with the failure when the save failed (its field messages show beside the fields). */
  onSubmit: (values: ProductFormValues) => Promise<unknown>;
}

/** The names the server gives the fields in its messages (extensions.fields). */
const SERVER_FIELD: Record<keyof ProductFormValues, string> = {
  name: "name",
  description: "description",
  price: "price",
  discountPrice: "discount_price",
  quantity: "quantity",
  categoryId: "category",
  imageOne: "image_one",
  imageTwo: "image_two",
  taxClassId: "tax_class",
};
const errorOf = (fieldErrors: { errorOf: (field: string) => string | undefined }, field: keyof ProductFormValues) => fieldErrors.errorOf(SERVER_FIELD[field]);

function ProductForm({ title, submitLabel, initial, currentImages, imageOneRequired, submitting, currentTaxClassId, onSubmit }: ProductFormProps) {
  const { data: categoryList } = useQuery(ProductCategoriesDocument);
  const taxSettings = useProductTaxChoices();
  const [values, setValues] = useState(initial);
  const fieldErrors = useFieldErrors();
  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    fieldErrors.clear(SERVER_FIELD[field]);
  };

  const submit = async () => {
    const missing = missingProductFields(values, { imageOneRequired });
    if (Object.keys(missing).length > 0) {
      fieldErrors.show(Object.fromEntries(Object.entries(missing).map(([field, message]) => [SERVER_FIELD[field as keyof ProductFormErrors], message])));
      return;
    }
    fieldErrors.clear();
    const failure = await onSubmit(values);
    if (failure) fieldErrors.showFailure(failure);
  };

  const categories = categoryList?.categories.nodes ?? [];
  return (
    <AdminForm title={title} submitLabel={submitLabel} submitting={submitting} onSubmit={() => void submit()} formRef={fieldErrors.ref}>
      <TextInput label="Title" value={values.name} onChange={(event) => set("name", event.currentTarget.value)} error={errorOf(fieldErrors, "name")} withAsterisk />
      <Textarea
        label="Description"
        value={values.description}
        onChange={(event) => set("description", event.currentTarget.value)}
        rows={4}
        error={errorOf(fieldErrors, "description")}
        withAsterisk
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Price"
          value={values.price}
          onChange={(value) => set("price", value)}
          min={0}
          decimalScale={2}
          prefix="$"
          error={errorOf(fieldErrors, "price")}
          withAsterisk
        />
        <NumberInput
          label="Discount price (optional)"
          value={values.discountPrice}
          onChange={(value) => set("discountPrice", value)}
          min={0}
          decimalScale={2}
          prefix="$"
          error={errorOf(fieldErrors, "discountPrice")}
        />
        <NumberInput
          label="Quantity"
          value={values.quantity}
          onChange={(value) => set("quantity", value)}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          error={errorOf(fieldErrors, "quantity")}
          withAsterisk
        />
      </SimpleGrid>
      <NativeSelect
        label="Category"
        value={values.categoryId}
        onChange={(event) => set("categoryId", event.currentTarget.value)}
        data={[{ value: "", label: "Select category", disabled: true }, ...categories.map((category) => ({ value: String(category.id), label: category.name }))]}
        error={errorOf(fieldErrors, "categoryId")}
        withAsterisk
      />
      <TaxClassSelect
        settings={taxSettings}
        categoryId={values.categoryId}
        value={values.taxClassId ?? (currentTaxClassId === null || currentTaxClassId === undefined ? "" : String(currentTaxClassId))}
        onChange={(value) => set("taxClassId", value)}
        disabled={currentTaxClassId === undefined}
        error={errorOf(fieldErrors, "taxClassId")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ImageField
          label="Upload image 1"
          name="image 1"
          file={values.imageOne}
          onChange={(file) => set("imageOne", file)}
          currentImage={currentImages?.imageOne}
          error={errorOf(fieldErrors, "imageOne")}
        />
        <ImageField
          label="Upload image 2 (optional)"
          name="image 2"
          file={values.imageTwo}
          onChange={(file) => set("imageTwo", file)}
          currentImage={currentImages?.imageTwo}
        />
      </SimpleGrid>
    </AdminForm>
  );
}

type TaxSettingsChoices = NonNullable<ReturnType<typeof useProductTaxChoices>>;
const useProductTaxChoices = () => useQuery(ProductTaxChoicesDocument, { variables: { productId: 0, withProduct: false } }).data?.taxSettings;

/** "Tax class": the category's class (named), the default choice, or one of the shop's classes of its own. */
interface TaxClassSelectProps {
  settings: TaxSettingsChoices | undefined;
  categoryId: string;
  value: string;
  onChange: (value: string) => void;
  /** While the product's own class is being read: it cannot be changed yet. */
  disabled: boolean;
  error?: string;
}

function TaxClassSelect({ settings, categoryId, value, onChange, disabled, error }: TaxClassSelectProps) {
  const classes = settings?.classes ?? [];
  const ofCategory = settings?.categoryClasses.find((known) => String(known.categoryId) === categoryId)?.taxClassId;
  const categoryClass = classes.find((taxClass) => (ofCategory === undefined ? taxClass.isDefault : taxClass.id === ofCategory));
  return (
    <NativeSelect
      label="Tax class"
      description="Products are taxed by their category's class unless they have one of their own."
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: "", label: `Category's class (${categoryClass?.name ?? "default"})` }, ...classes.map((taxClass) => ({ value: String(taxClass.id), label: taxClass.name }))]}
      disabled={disabled}
      error={error}
    />
  );
}

/**
 * Saves the product, then its own tax class when the choice changed (the carts' quotes, priced with the old
 * class, are dropped). Resolves as the product's save did, or with the class's failure.
 */
function useSaveWithTaxClass() {
  const [setTaxClass] = useMutation(SetProductTaxClassDocument, {
    update: (cache) => {
      cache.evict({ id: "ROOT_QUERY", fieldName: "cartQuote" });
      cache.gc();
    },
  });
  return async <T,>(saved: Promise<{ data?: T | null }>, productIdOf: (data: T) => number, taxClassId: number | null | undefined) => {
    const answer = await saved;
    if (answer.data && taxClassId !== undefined) await setTaxClass({ variables: { productId: productIdOf(answer.data), taxClassId } });
    return answer;
  };
}

export function AddProductScreen() {
  const goBack = useGoBack(MANAGE_PRODUCTS);
  const [createProduct, { loading }] = useCreateProduct();
  const withTaxClass = useSaveWithTaxClass();
  const save = async (values: ProductFormValues) => {
    if (!values.imageOne) return undefined;
    const input = productInput({ ...values, imageOne: values.imageOne });
    const saved = withTaxClass(createProduct({ variables: { input } }), (data) => data.createProduct.product.id, taxClassChange(values, null));
    return reportChange(saved, (data) => data.createProduct.message, notifyServerFailure, goBack);
  };
  return (
    <ProductForm
      title="new product"
      submitLabel="Create"
      initial={emptyProductForm()}
      imageOneRequired
      submitting={loading}
      currentTaxClassId={null}
      onSubmit={save}
    />
  );
}

type LoadedProduct = AdminProductQuery["product"];

const formValuesOf = (product: LoadedProduct): ProductFormValues => ({
  name: product.name,
  description: product.description,
  price: product.price,
  discountPrice: product.discountPrice ?? "",
  quantity: product.quantity,
  categoryId: String(product.category.id),
  imageOne: null,
  imageTwo: null,
  taxClassId: null,
});

export function EditProductScreen() {
  const slug = useParams().slug ?? "";
  const goBack = useGoBack(MANAGE_PRODUCTS);
  const { data, loading, error } = useQuery(AdminProductDocument, { variables: { slug }, fetchPolicy: "cache-and-network" });
  const [updateProduct, { loading: saving }] = useUpdateProduct();
  // The product's own tax class, asked afresh each time the editor opens (it is not part of the product).
  const productId = data?.product.id;
  const { data: taxClass } = useQuery(ProductTaxChoicesDocument, { variables: { productId: productId ?? 0, withProduct: true }, skip: productId === undefined, fetchPolicy: "network-only" });
  const withTaxClass = useSaveWithTaxClass();

  useNotifyLoadFailure(error);

  const product = data?.product;
  if (!product) return <EntryNotLoaded word="product" loading={loading} error={error} />;

  // undefined until read; then the product's own class, or null for its category's.
  const current = taxClass ? (taxClass.productTaxClass ?? null) : undefined;
  const save = (values: ProductFormValues) =>
    reportChange(
      withTaxClass(updateProduct({ variables: { id: product.id, input: productUpdateInput(values) } }), () => product.id, taxClassChange(values, current ?? null)),
      (data) => data.updateProduct.message,
      notifyServerFailure,
      goBack,
    );
  return (
    <Stack gap="xl">
      <ProductForm
        key={`${product.id}:${product.price}:${product.discountPrice}:${product.quantity}`}
        title="edit product"
        submitLabel="Update"
        initial={formValuesOf(product)}
        currentImages={{ imageOne: product.images[0] ?? null, imageTwo: product.images[1] ?? null }}
        imageOneRequired={false}
        submitting={saving}
        currentTaxClassId={current}
        onSubmit={save}
      />
      <VariantsSection key={product.id} product={product} />
    </Stack>
  );
}
