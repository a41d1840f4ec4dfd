import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import userEvent from "@testing-library/user-event";
import { useQuery } from "@apollo/client/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminProductDocument, CreateProductDocument, ProductCategoriesDocument, SaveProductVariantsDocument, UpdateProductDocument } from "../../../graphql/generated/graphql";
import { categories, fern, nodeList, productCategoriesMock } from "../../../test/fixtures";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { AddProductScreen, EditProductScreen } from "./ProductFormScreens";
import { ProductTaxChoicesDocument, SetProductTaxClassDocument } from "./taxClassOperations";

/** The shop's tax classes: Standard (the default) and Reduced, which Garden Tools (2) is in. */
const taxSettings = {
  __typename: "TaxSettings" as const,
  id: "tax-settings",
  classes: [
    { __typename: "TaxClass" as const, id: 1, name: "Standard", isDefault: true },
    { __typename: "TaxClass" as const, id: 2, name: "Reduced", isDefault: false },
  ],
  categoryClasses: [{ __typename: "CategoryTaxClass" as const, categoryId: 2, taxClassId: 2 }],
};
const taxChoicesMock = { request: { query: ProductTaxChoicesDocument, variables: { productId: 0, withProduct: false } }, result: { data: { taxSettings } }, maxUsageCount: Number.POSITIVE_INFINITY };
/** The edited product's own class (null: its category's). */
const ownTaxClassMock = (productTaxClass: number | null) => ({
  request: { query: ProductTaxChoicesDocument, variables: { productId: 101, withProduct: true } },
  result: { data: { taxSettings, productTaxClass } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

const imageFile = (name: string) => new File(["image bytes"], name, { type: "image/png" });
const once = (mock: ReturnType<typeof productCategoriesMock>) => ({ ...mock, maxUsageCount: 1 });

// jsdom has no object URLs; the preview only needs an address per chosen file.
beforeEach(() => {
  Object.defineProperty(URL, "createObjectURL", { configurable: true, value: vi.fn((file: File) => `blob:preview/${file.name}`) });
  Object.defineProperty(URL, "revokeObjectURL", { configurable: true, value: vi.fn() });
});
afterEach(() => {
  // Notifications live in a module-wide store: one test's messages must not answer the next one's queries.
  notifications.clean();
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

/** The product list as the admin sees it: it reads the catalogue's lists, from the cache when they are still there. */
function ProductList() {
  useQuery(ProductCategoriesDocument);
  return <h1>Product list</h1>;
}

/** The add form opened from the product list, so 'back one page' returns there. */
function renderAddProduct(mocks: object[]) {
  return renderWithShop(<AddProductScreen />, {
    route: "/admin/manage-product",
    path: "/admin/add-product",
    user: admin,
    routes: [{ path: "/admin/manage-product", element: <ProductList /> }],
    mocks: [taxChoicesMock, ...mocks] as never,
  });
}

async function openAddForm(router: { navigate: (to: string) => Promise<void> }) {
  await router.navigate("/admin/add-product");
  return screen.findByRole("form", { name: "new product" });
}

async function fillRequiredFields() {
  await userEvent.type(screen.getByLabelText(/^Title/), "Snake Plant");
  await userEvent.type(screen.getByLabelText(/^Description/), "Hard to kill.");
  await userEvent.type(screen.getByLabelText(/^Price/), "24.5");
  await userEvent.type(screen.getByLabelText(/^Quantity/), "7");
  await userEvent.selectOptions(screen.getByLabelText(/^Category/), "Indoor Plants");
}

describe("New product", () => {
  it("is titled 'new product' with title, description, price, discount price (optional), quantity, category, image 1 and image 2 (optional)", async () => {
    const { router } = renderAddProduct([productCategoriesMock()]);
    await openAddForm(router);
    expect(screen.getByRole("heading", { name: "new product" })).toBeInTheDocument();
    for (const label of [/^Title/, /^Description/, /^Price/, /^Discount price \(optional\)/, /^Quantity/, /^Category/]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText("Upload image 1")).toHaveAttribute("type", "file");
    expect(screen.getByLabelText("Upload image 2 (optional)")).toHaveAttribute("type", "file");
    expect(screen.getByRole("button", { name: "Create" })).toBeInTheDocument();
  });

  it("the category select offers the existing categories, with the placeholder 'Select category'", async () => {
    const { router } = renderAddProduct([productCategoriesMock()]);
    await openAddForm(router);
    const select = screen.getByLabelText(/^Category/);
    await waitFor(() => expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual(["Select category", ...categories.map((c) => c.name)]));
    expect(select).toHaveDisplayValue("Select category");
  });

  it("a file area reads 'Upload image 1' until an image is chosen, then 'Image added', with a preview", async () => {
    const { router } = renderAddProduct([productCategoriesMock()]);
    await openAddForm(router);
    await userEvent.upload(screen.getByLabelText("Upload image 1"), imageFile("snake.png"));
    expect(screen.getByLabelText("Image added")).toHaveAttribute("type", "file");
    expect(screen.queryByText("Upload image 1")).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Preview of image 1" })).toHaveAttribute("src", "blob:preview/snake.png");
    expect(screen.getByText("Upload image 2 (optional)")).toBeInTheDocument();
  });

  it("image 1 is required on create (and the fields the API cannot take empty)", async () => {
    const { router } = renderAddProduct([productCategoriesMock()]);
    await openAddForm(router);
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getAllByText("Required")).toHaveLength(4);
    expect(router.state.location.pathname).toBe("/admin/add-product");
  });

  it("creates the product with its images, shows the server's message, reloads the list and goes back one page", async () => {
    const create = vi.fn(() => ({
      data: { createProduct: { __typename: "ProductPayload", message: "Product created successfully.", product: { ...fern, id: 300, name: "Snake Plant", slug: "snake-plant" } } },
    }));
    const reloaded = vi.fn(() => ({ data: { categories: nodeList("Category", categories) } }));
    const imageOne = imageFile("snake.png");
    const imageTwo = imageFile("snake-side.png");
    const { router } = renderAddProduct([
      once(productCategoriesMock()),
      {
        request: {
          query: CreateProductDocument,
          variables: (variables: { input: Record<string, unknown> }) =>
            JSON.stringify({ ...variables.input, imageOne: undefined, imageTwo: undefined }) ===
              JSON.stringify({ name: "Snake Plant", description: "Hard to kill.", price: 24.5, quantity: 7, categoryId: 1, discountPrice: 19.99 }) &&
            variables.input.imageOne === imageOne &&
            variables.input.imageTwo === imageTwo,
        },
        result: create,
      },
      { request: { query: ProductCategoriesDocument }, result: reloaded },
    ]);
    await openAddForm(router);
    await fillRequiredFields();
    await userEvent.type(screen.getByLabelText(/^Discount price/), "19.99");
    await userEvent.upload(screen.getByLabelText("Upload image 1"), imageOne);
    await userEvent.upload(screen.getByLabelText("Upload image 2 (optional)"), imageTwo);
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Product created successfully.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Product list" })).toBeInTheDocument();
    expect(create).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(reloaded).toHaveBeenCalledTimes(1));
  });

  it("'Tax class' starts at the chosen category's class, named; a class of its own is set once the product is created", async () => {
    const setClass = vi.fn(() => ({ data: { setProductTaxClass: { __typename: "TaxSettings", id: "tax-settings" } } }));
    const { router } = renderAddProduct([
      productCategoriesMock(),
      {
        request: { query: CreateProductDocument, variables: () => true },
        result: { data: { createProduct: { __typename: "ProductPayload", message: "Product created successfully.", product: { ...fern, id: 300 } } } },
      },
      { request: { query: SetProductTaxClassDocument, variables: { productId: 300, taxClassId: 1 } }, result: setClass },
    ]);
    await openAddForm(router);
    const taxClass = screen.getByLabelText(/^Tax class/);
    await waitFor(() => expect(within(taxClass).getAllByRole("option").map((option) => option.textContent)).toEqual(["Category's class (Standard)", "Standard", "Reduced"]));
    expect(taxClass).toHaveDisplayValue("Category's class (Standard)");
    await fillRequiredFields();
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), "Garden Tools");
    expect(taxClass).toHaveDisplayValue("Category's class (Reduced)");
    await userEvent.selectOptions(taxClass, "Standard");
    await userEvent.upload(screen.getByLabelText("Upload image 1"), imageFile("snake.png"));
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Product created successfully.")).toBeInTheDocument();
    expect(setClass).toHaveBeenCalledTimes(1);
  });

  it("leaves out the discount price and image 2 when not given", async () => {
    const create = vi.fn(() => ({
      data: { createProduct: { __typename: "ProductPayload", message: "Product created successfully.", product: { ...fern, id: 301 } } },
    }));
    const { router } = renderAddProduct([
      productCategoriesMock(),
      {
        request: { query: CreateProductDocument, variables: (variables: { input: Record<string, unknown> }) => !("discountPrice" in variables.input) && !("imageTwo" in variables.input) },
        result: create,
      },
    ]);
    await openAddForm(router);
    await fillRequiredFields();
    await userEvent.upload(screen.getByLabelText("Upload image 1"), imageFile("snake.png"));
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Product created successfully.")).toBeInTheDocument();
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("a refused create shows each of the server's messages and stays on the form", async () => {
    const { router } = renderAddProduct([
      productCategoriesMock(),
      {
        request: { query: CreateProductDocument, variables: () => true },
        result: {
          errors: [
            {
              message: "Invalid input",
              extensions: { code: "BAD_USER_INPUT", fields: { discountPrice: ["The discount price must be below the price."] } },
            },
          ],
        },
      },
    ]);
    await openAddForm(router);
    await fillRequiredFields();
    await userEvent.upload(screen.getByLabelText("Upload image 1"), imageFile("snake.png"));
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("The discount price must be below the price.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/add-product");
  });
});

const fernDetail = {
  __typename: "Product" as const,
  id: fern.id,
  slug: fern.slug,
  name: fern.name,
  description: "A fern for shady corners.",
  price: 30,
  discountPrice: 20,
  quantity: 3,
  images: [fern.image],
  category: categories[0],
  // Sold in one variant: its variants section is folded.
  totalQuantity: 3,
  options: [],
  variants: [
    { __typename: "ProductVariant" as const, id: 1010, sku: "BOSTON-FERN", price: 30, discountPrice: 20, quantity: 3, enabled: true, isDefault: true, imageRef: null, image: null, options: [] },
  ],
};

function renderEditProduct(mocks: object[], ownTaxClass: number | null = null) {
  return renderWithShop(<EditProductScreen />, {
    route: "/admin/edit-product/boston-fern",
    path: "/admin/edit-product/:slug",
    user: admin,
    routes: [{ path: "/admin/manage-product", element: <ProductList /> }],
    mocks: [taxChoicesMock, ownTaxClassMock(ownTaxClass), ...mocks] as never,
  });
}
const productMock = (extra: object = {}) => ({
  request: { query: AdminProductDocument, variables: { slug: "boston-fern" } },
  result: { data: { product: fernDetail } },
  ...extra,
});

describe("Edit product", () => {
  it("loads the product by slug (a spinner meanwhile) and prefills the form; the button reads Update", async () => {
    renderEditProduct([productCategoriesMock(), productMock({ delay: 30 })]);
    expect(screen.getByRole("status", { name: "Loading product" })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Title/)).toHaveValue("Boston Fern");
    expect(screen.getByLabelText(/^Description/)).toHaveValue("A fern for shady corners.");
    expect(screen.getByLabelText(/^Price/)).toHaveValue("$30");
    expect(screen.getByLabelText(/^Discount price/)).toHaveValue("$20");
    expect(screen.getByLabelText(/^Quantity/)).toHaveValue("3");
    await waitFor(() => expect(screen.getByLabelText(/^Category/)).toHaveDisplayValue("Indoor Plants"));
    expect(screen.getByRole("img", { name: "Preview of image 1" })).toHaveAttribute("src", fern.image.url);
    expect(screen.getByText("Upload image 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Update" })).toBeInTheDocument();
    // Under the form, the product's variants: one, so the section is folded.
    expect(screen.getByRole("region", { name: "Variants" })).toHaveTextContent("Sold in one variant (SKU BOSTON-FERN).");
    expect(screen.getByRole("button", { name: "Add options" })).toBeInTheDocument();
  });

  it("'Tax class' shows the product's own class; choosing its category's class clears it on Update", async () => {
    const setClass = vi.fn(() => ({ data: { setProductTaxClass: { __typename: "TaxSettings", id: "tax-settings" } } }));
    renderEditProduct(
      [
        productCategoriesMock(),
        productMock(),
        {
          request: { query: UpdateProductDocument, variables: () => true },
          result: { data: { updateProduct: { __typename: "ProductPayload", message: "Product updated successfully.", product: { ...fern, description: "A fern for shady corners.", imageTwo: null } } } },
        },
        { request: { query: SetProductTaxClassDocument, variables: { productId: 101, taxClassId: null } }, result: setClass },
      ],
      2,
    );
    const taxClass = await screen.findByLabelText(/^Tax class/);
    await waitFor(() => expect(taxClass).toHaveDisplayValue("Reduced"));
    expect(taxClass).toBeEnabled();
    await userEvent.selectOptions(taxClass, "Category's class (Standard)");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Product updated successfully.")).toBeInTheDocument();
    expect(setClass).toHaveBeenCalledTimes(1);
  });

  it("a failed load shows the server's error text", async () => {
    renderEditProduct([
      productCategoriesMock(),
      { request: { query: AdminProductDocument, variables: { slug: "boston-fern" } }, result: { errors: [{ message: "Product not found.", extensions: { code: "NOT_FOUND" } }] } },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent("Product not found.");
    expect(screen.getByText("We could not load this product.")).toBeInTheDocument();
  });

  it("sends the new details without images unless chosen, an emptied discount price removes the discount; the server's message, then back", async () => {
    const update = vi.fn(() => ({
      data: { updateProduct: { __typename: "ProductPayload", message: "Product updated successfully.", product: { ...fern, price: 32, discountPrice: null, description: "A fern for shady corners.", imageTwo: null } } },
    }));
    const { router } = renderEditProduct([
      productCategoriesMock(),
      productMock(),
      {
        request: {
          query: UpdateProductDocument,
          variables: { id: fern.id, input: { name: "Boston Fern", description: "A fern for shady corners.", price: 32, quantity: 3, categoryId: 1, discountPrice: null } },
        },
        result: update,
      },
    ]);
    await router.navigate("/admin/manage-product");
    await router.navigate("/admin/edit-product/boston-fern");
    const price = await screen.findByLabelText(/^Price/);
    await userEvent.clear(price);
    await userEvent.type(price, "32");
    await userEvent.clear(screen.getByLabelText(/^Discount price/));
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Product updated successfully.")).toBeInTheDocument();
    expect(update).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("heading", { name: "Product list" })).toBeInTheDocument();
  });

  it("sends image 1 on edit only when a new one is chosen", async () => {
    const newImage = imageFile("fern-new.png");
    const update = vi.fn(() => ({
      data: { updateProduct: { __typename: "ProductPayload", message: "Product updated successfully.", product: { ...fern, description: "", imageTwo: null } } },
    }));
    renderEditProduct([
      productCategoriesMock(),
      productMock(),
      { request: { query: UpdateProductDocument, variables: (variables: { input: { imageOne?: File } }) => variables.input.imageOne === newImage }, result: update },
    ]);
    await userEvent.upload(await screen.findByLabelText("Upload image 1"), newImage);
    expect(screen.getByRole("img", { name: "Preview of image 1" })).toHaveAttribute("src", "blob:preview/fern-new.png");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Product updated successfully.")).toBeInTheDocument();
    expect(update).toHaveBeenCalledTimes(1);
  });

  it("a refused update shows the server's message", async () => {
    renderEditProduct([
      productCategoriesMock(),
      productMock(),
      { request: { query: UpdateProductDocument, variables: () => true }, result: { errors: [{ message: "A product with this name already exists.", extensions: { code: "CONFLICT" } }] } },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText("A product with this name already exists.")).toBeInTheDocument();
  });
});

describe("Edit product: its variants", () => {
  const inPots = {
    ...fernDetail,
    options: [{ __typename: "ProductOption" as const, id: 1, name: "Pot size", values: [{ __typename: "ProductOptionValue" as const, id: 11, value: "12 cm" }] }],
    variants: [{ ...fernDetail.variants[0], sku: "FERN-12", options: [{ __typename: "VariantOption" as const, name: "Pot size", value: "12 cm" }] }],
  };

  it("the form's price, discount price and quantity are the default variant's: a saved grid that changes them shows in the form", async () => {
    const saved = { ...inPots, price: 35, discountPrice: null, quantity: 8, totalQuantity: 8, variants: [{ ...inPots.variants[0], price: 35, discountPrice: null, quantity: 8 }] };
    renderEditProduct([
      productCategoriesMock(),
      { request: { query: AdminProductDocument, variables: { slug: "boston-fern" } }, result: { data: { product: inPots } } },
      { request: { query: SaveProductVariantsDocument, variables: () => true }, result: { data: { saveProductVariants: saved } } },
    ]);
    const form = () => within(screen.getByRole("form", { name: "edit product" }));
    await screen.findByRole("form", { name: "edit product" });
    expect(form().getByLabelText(/^Price/)).toHaveValue("$30");
    const grid = screen.getByRole("table", { name: "Variants of Boston Fern" });
    expect(grid).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Price of 12 cm"));
    await userEvent.type(screen.getByLabelText("Price of 12 cm"), "35");
    await userEvent.clear(screen.getByLabelText("Discount price of 12 cm"));
    await userEvent.clear(screen.getByLabelText("Stock of 12 cm"));
    await userEvent.type(screen.getByLabelText("Stock of 12 cm"), "8");
    await userEvent.click(screen.getByRole("button", { name: "Save variants" }));
    expect(await screen.findByText("Variants saved.")).toBeInTheDocument();
    await waitFor(() => expect(form().getByLabelText(/^Price/)).toHaveValue("$35"));
    expect(form().getByLabelText(/^Discount price \(optional\)/)).toHaveValue("");
    expect(form().getByLabelText(/^Quantity/)).toHaveValue("8");
  });
});
