// New product ('new product') and Edit product: title, description,
// price, discount price (optional), quantity, category ('Select category'), image 1 and image 2
// (optional) with a preview. Edit loads the product by slug and prefills (button Update); a failed
// load shows the server's error text. After a save the server's message shows, the lists reload and
// the screen goes back one page; a failure shows the server's message.
// Under the edit form: the product's variants (VariantsSection). The form's price, discount price and
// quantity are the default variant's (the first on sale), so it starts again from them when a saved grid
// changed them.
import { useQuery } from "@apollo/client/react";
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
  type ProductFormErrors,
  type ProductFormValues,
} from "./productForm";
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
};
const errorOf = (fieldErrors: { errorOf: (field: string) => string | undefined }, field: keyof ProductFormValues) => fieldErrors.errorOf(SERVER_FIELD[field]);

function ProductForm({ title, submitLabel, initial, currentImages, imageOneRequired, submitting, onSubmit }: ProductFormProps) {
  const { data: categoryList } = useQuery(ProductCategoriesDocument);
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

export function AddProductScreen() {
  const goBack = useGoBack(MANAGE_PRODUCTS);
  const [createProduct, { loading }] = useCreateProduct();
  const save = async (values: ProductFormValues) => {
    if (!values.imageOne) return undefined;
    const input = productInput({ ...values, imageOne: values.imageOne });
    return reportChange(createProduct({ variables: { input } }), (data) => data.createProduct.message, notifyServerFailure, goBack);
  };
  return (
    <ProductForm
      title="new product"
      submitLabel="Create"
      initial={emptyProductForm()}
      imageOneRequired
      submitting={loading}
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
});

export function EditProductScreen() {
  const slug = useParams().slug ?? "";
  const goBack = useGoBack(MANAGE_PRODUCTS);
  const { data, loading, error } = useQuery(AdminProductDocument, { variables: { slug }, fetchPolicy: "cache-and-network" });
  const [updateProduct, { loading: saving }] = useUpdateProduct();

  useNotifyLoadFailure(error);

  const product = data?.product;
  if (!product) return <EntryNotLoaded word="product" loading={loading} error={error} />;

  const save = (values: ProductFormValues) =>
    reportChange(updateProduct({ variables: { id: product.id, input: productUpdateInput(values) } }), (data) => data.updateProduct.message, notifyServerFailure, goBack);
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
        onSubmit={save}
      />
      <VariantsSection key={product.id} product={product} />
    </Stack>
  );
}
