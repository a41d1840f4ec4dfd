import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SaveProductVariantsDocument, type AdminVariantGridFragment, type ProductVariantsInput } from "../../../graphql/generated/graphql";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { VariantsSection } from "./VariantsSection";

afterEach(() => notifications.clean());

/** A variant as the API answers it: with the __typename Apollo's cache wants, which the fragment's type leaves out. */
type Variant = Omit<AdminVariantGridFragment["variants"][number], "options"> & {
  __typename: "ProductVariant";
  options: Array<{ __typename: "VariantOption"; name: string; value: string }>;
};
const variant = (id: number, sku: string, potSize: string | null, extra: Partial<Variant> = {}): Variant => ({
  __typename: "ProductVariant",
  id,
  sku,
  price: 24.99,
  discountPrice: null,
  quantity: 9,
  enabled: true,
  isDefault: false,
  imageRef: null,
  image: null,
  options: potSize ? [{ __typename: "VariantOption", name: "Pot size", value: potSize }] : [],
  ...extra,
});
const potSize = (values: string[]) => ({
  __typename: "ProductOption" as const,
  id: 1,
  name: "Pot size",
  values: values.map((value, index) => ({ __typename: "ProductOptionValue" as const, id: 10 + index, value })),
});

/** Monstera sold in 12 cm and 17 cm pots, as the admin reads it. */
const monstera: AdminVariantGridFragment & { __typename: "Product" } = {
  __typename: "Product",
  id: 7,
  slug: "monstera-deliciosa",
  name: "Monstera Deliciosa",
  price: 34.99,
  discountPrice: 29.99,
  quantity: 18,
  totalQuantity: 27,
  options: [potSize(["12 cm", "17 cm"])],
  variants: [
    // The 17 cm pot has a picture of its own, which a save keeps.
    variant(71, "MON-DEL-17", "17 cm", { price: 34.99, discountPrice: 29.99, quantity: 18, isDefault: true, imageRef: "/uploads/monstera-17.jpg" }),
    variant(72, "MON-DEL-12", "12 cm", { quantity: 9 }),
  ],
};

function renderSection(product: AdminVariantGridFragment, mocks: object[] = []) {
  return renderWithShop(<VariantsSection product={product} />, { route: "/admin/edit-product/x", path: "/admin/edit-product/:slug", user: admin, mocks: mocks as never });
}

const grid = () => screen.getByRole("table", { name: /^Variants of / });
const rowHeaders = () => within(grid()).getAllByRole("rowheader").map((cell) => cell.textContent);

describe("the variants section", () => {
  it("a product sold in one variant shows the section folded, with 'Add options'", async () => {
    const fern = { ...monstera, id: 8, slug: "boston-fern", name: "Boston Fern", options: [], variants: [variant(81, "BOSTON-FERN", null)] };
    renderSection(fern);
    expect(screen.getByRole("heading", { name: "Variants" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add options" }));
    expect(screen.getByRole("group", { name: "Option 1" })).toBeInTheDocument();
    expect(screen.getByLabelText("Option 1 name")).toHaveValue("");
    expect(screen.getByLabelText("Option 1 name")).toHaveFocus();
    expect(screen.getByRole("button", { name: "Save variants" })).toBeInTheDocument();
  });

  it("a real table: a column per option and for SKU, price, discount price, stock, on sale and picture; every input named after its row", () => {
    renderSection(monstera);
    expect(within(grid()).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["", "Pot size", "SKU", "Price", "Discount price", "Stock", "On sale", "Picture"]);
    expect(rowHeaders()).toEqual(["17 cm", "12 cm"]);
    expect(screen.getByLabelText("SKU of 17 cm")).toHaveValue("MON-DEL-17");
    expect(screen.getByLabelText("Price of 17 cm")).toHaveValue("$34.99");
    expect(screen.getByLabelText("Discount price of 17 cm")).toHaveValue("$29.99");
    expect(screen.getByLabelText("Stock of 12 cm")).toHaveValue("9");
    expect(screen.getByRole("switch", { name: "On sale: 12 cm" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Select 12 cm" })).not.toBeChecked();
  });

  it("'Generate all combinations' keeps the rows that exist; a new value gets a row at the product's price and stock with a suggested SKU", async () => {
    renderSection(monstera);
    await userEvent.clear(screen.getByLabelText("Price of 12 cm"));
    await userEvent.type(screen.getByLabelText("Price of 12 cm"), "19.5");
    await userEvent.type(screen.getByLabelText("Option 1 values"), "24 cm{Enter}");
    expect(within(screen.getByRole("list", { name: "Pot size: 3 values" })).getAllByRole("listitem").map((chip) => chip.textContent)).toEqual(["12 cm", "17 cm", "24 cm"]);
    await userEvent.click(screen.getByRole("button", { name: "Generate all combinations" }));
    expect(rowHeaders()).toEqual(["12 cm", "17 cm", "24 cm"]);
    expect(screen.getByLabelText("SKU of 12 cm")).toHaveValue("MON-DEL-12");
    expect(screen.getByLabelText("Price of 12 cm")).toHaveValue("$19.5");
    expect(screen.getByLabelText("SKU of 17 cm")).toHaveValue("MON-DEL-17");
    expect(screen.getByLabelText("SKU of 24 cm")).toHaveValue("MONSTERA-DELICIOSA-24-CM");
    expect(screen.getByLabelText("Price of 24 cm")).toHaveValue("$34.99");
    expect(screen.getByLabelText("Discount price of 24 cm")).toHaveValue("$29.99");
    expect(screen.getByLabelText("Stock of 24 cm")).toHaveValue("18");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("an option without values cannot generate: the message shows at its field", async () => {
    renderSection(monstera);
    await userEvent.click(screen.getByRole("button", { name: "Add option" }));
    await userEvent.type(screen.getByLabelText("Option 2 name"), "Colour");
    await userEvent.click(screen.getByRole("button", { name: "Generate all combinations" }));
    const values = screen.getByLabelText("Option 2 values");
    expect(values).toHaveAttribute("aria-invalid", "true");
    expect(values).toHaveAccessibleDescription(expect.stringContaining("Give the option at least one value."));
    expect(rowHeaders()).toEqual(["17 cm", "—", "12 cm", "—"]);
    expect(screen.getByRole("status")).toHaveTextContent("The options have changed: generate all combinations to update the grid.");
  });

  it("a value's chip has its own remove button; the rows with that value go at the next generation", async () => {
    renderSection(monstera);
    await userEvent.click(screen.getByRole("button", { name: "Remove 12 cm from Pot size" }));
    expect(screen.getByRole("status")).toHaveTextContent("The options have changed");
    await userEvent.click(screen.getByRole("button", { name: "Generate all combinations" }));
    expect(rowHeaders()).toEqual(["17 cm"]);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("bulk actions: 'Set price' and 'Set stock' change the selected rows only", async () => {
    renderSection({ ...monstera, options: [potSize(["12 cm", "17 cm", "24 cm"])], variants: [...monstera.variants, variant(73, "MON-DEL-24", "24 cm", { quantity: 0 })] });
    expect(screen.getByRole("button", { name: "Set price" })).toBeDisabled();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select 17 cm" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select 24 cm" }));
    expect(screen.getByText("2 of 3 selected")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select every variant" })).toHaveAttribute("data-indeterminate", "true");
    await userEvent.type(screen.getByLabelText("New price"), "42");
    await userEvent.click(screen.getByRole("button", { name: "Set price" }));
    await userEvent.type(screen.getByLabelText("New stock"), "12");
    await userEvent.click(screen.getByRole("button", { name: "Set stock" }));
    expect(["17 cm", "12 cm", "24 cm"].map((label) => (screen.getByLabelText(`Price of ${label}`) as HTMLInputElement).value)).toEqual(["$42", "$24.99", "$42"]);
    expect(["17 cm", "12 cm", "24 cm"].map((label) => (screen.getByLabelText(`Stock of ${label}`) as HTMLInputElement).value)).toEqual(["12", "9", "12"]);
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every variant" }));
    expect(screen.getByText("3 of 3 selected")).toBeInTheDocument();
  });

  it("saves the grid as it is (kept ids and their pictures, new rows without either), says so, and shows what the server stored", async () => {
    const expected: ProductVariantsInput = {
      options: [{ name: "Pot size", values: ["12 cm", "17 cm", "24 cm"] }],
      variants: [
        { id: 72, sku: "MON-DEL-12", options: [{ name: "Pot size", value: "12 cm" }], price: 24.99, discountPrice: null, quantity: 9, enabled: true, image: null },
        { id: 71, sku: "MON-DEL-17", options: [{ name: "Pot size", value: "17 cm" }], price: 34.99, discountPrice: 29.99, quantity: 18, enabled: false, image: "/uploads/monstera-17.jpg" },
        { sku: "MONSTERA-DELICIOSA-24-CM", options: [{ name: "Pot size", value: "24 cm" }], price: 59, discountPrice: null, quantity: 18, enabled: true },
      ],
    };
    const saved = {
      ...monstera,
      options: [potSize(["12 cm", "17 cm", "24 cm"])],
      variants: [
        variant(72, "MON-DEL-12", "12 cm", { isDefault: true }),
        variant(71, "MON-DEL-17", "17 cm", { price: 34.99, discountPrice: 29.99, quantity: 18, enabled: false, imageRef: "/uploads/monstera-17.jpg" }),
        variant(74, "MONSTERA-DELICIOSA-24-CM", "24 cm", { price: 59, quantity: 18 }),
      ],
    };
    const save = vi.fn(() => ({ data: { saveProductVariants: saved } }));
    renderSection(monstera, [{ request: { query: SaveProductVariantsDocument, variables: { productId: 7, input: expected } }, result: save }]);
    await userEvent.type(screen.getByLabelText("Option 1 values"), "24 cm{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Generate all combinations" }));
    await userEvent.click(screen.getByRole("switch", { name: "On sale: 17 cm" }));
    await userEvent.clear(screen.getByLabelText("Discount price of 24 cm"));
    await userEvent.clear(screen.getByLabelText("Price of 24 cm"));
    await userEvent.type(screen.getByLabelText("Price of 24 cm"), "59");
    await userEvent.click(screen.getByRole("button", { name: "Save variants" }));
    expect(await screen.findByText("Variants saved.")).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("switch", { name: "On sale: 17 cm" })).not.toBeChecked();
    expect(screen.getByLabelText("SKU of 24 cm")).toHaveValue("MONSTERA-DELICIOSA-24-CM");
  });

  it("a row's picture: 'Choose' sends the chosen file with the save, 'Remove' sends none; the server's refusal shows at the row", async () => {
    const photo = new File(["not really a photo"], "monstera-12.txt", { type: "text/plain" });
    const expected: ProductVariantsInput = {
      options: [{ name: "Pot size", values: ["12 cm", "17 cm"] }],
      variants: [
        { id: 71, sku: "MON-DEL-17", options: [{ name: "Pot size", value: "17 cm" }], price: 34.99, discountPrice: 29.99, quantity: 18, enabled: true, image: null },
        { id: 72, sku: "MON-DEL-12", options: [{ name: "Pot size", value: "12 cm" }], price: 24.99, discountPrice: null, quantity: 9, enabled: true, imageUpload: photo },
      ],
    };
    const refusal = {
      errors: [{ message: "Some fields are invalid.", extensions: { code: "BAD_USER_INPUT", fields: { "variants.1.image": ["The image must be a JPEG, PNG, WebP or GIF file."] } } }],
    };
    const save = vi.fn(() => refusal);
    renderSection(monstera, [{ request: { query: SaveProductVariantsDocument, variables: { productId: 7, input: expected } }, result: save }]);
    expect(screen.getByRole("img", { name: "Picture of 17 cm" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose picture of 12 cm" })).toHaveTextContent("Choose");
    await userEvent.click(screen.getByRole("button", { name: "Remove picture of 17 cm" }));
    expect(screen.queryByRole("img", { name: "Picture of 17 cm" })).not.toBeInTheDocument();
    // Mantine's FileButton keeps a hidden file input beside its button.
    const inputs = grid().querySelectorAll<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(inputs[1], photo, { applyAccept: false });
    expect(screen.getByRole("button", { name: "Change picture of 12 cm" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save variants" }));
    expect(await screen.findByText("The image must be a JPEG, PNG, WebP or GIF file.")).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("an empty price or stock is 'Required' at its cell, and nothing is sent", async () => {
    renderSection(monstera);
    await userEvent.clear(screen.getByLabelText("Stock of 12 cm"));
    await userEvent.click(screen.getByRole("button", { name: "Save variants" }));
    const stock = screen.getByLabelText("Stock of 12 cm");
    expect(stock).toHaveAttribute("aria-invalid", "true");
    expect(stock).toHaveAccessibleDescription("Required");
    expect(stock).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent("12 cm: Required");
  });

  it("the server's field errors show at their cells and in a summary; the first invalid cell takes focus", async () => {
    const refusal = {
      errors: [
        {
          message: "Invalid input",
          extensions: {
            code: "BAD_USER_INPUT",
            fields: {
              "variants.0.discount_price": ["The discount price must be less than the price."],
              "variants.1.sku": ["The SKU MON-DEL-17 is given to two variants."],
              variants: ["At least one variant must be on sale."],
            },
          },
        },
      ],
    };
    renderSection(monstera, [{ request: { query: SaveProductVariantsDocument, variables: () => true }, result: refusal }]);
    await userEvent.click(screen.getByRole("button", { name: "Save variants" }));
    const summary = await screen.findByRole("alert");
    expect(within(summary).getByText("The variants were not saved")).toBeInTheDocument();
    expect(within(summary).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "17 cm: The discount price must be less than the price.",
      "12 cm: The SKU MON-DEL-17 is given to two variants.",
      "At least one variant must be on sale.",
    ]);
    const discount = screen.getByLabelText("Discount price of 17 cm");
    expect(discount).toHaveAttribute("aria-invalid", "true");
    expect(discount).toHaveAccessibleDescription("The discount price must be less than the price.");
    await waitFor(() => expect(discount).toHaveFocus());
    expect(screen.getByLabelText("SKU of 12 cm")).toHaveAccessibleDescription("The SKU MON-DEL-17 is given to two variants.");
    expect(screen.getByLabelText("SKU of 17 cm")).not.toHaveAttribute("aria-invalid", "true");
    // Editing a cell clears its message.
    await userEvent.type(screen.getByLabelText("SKU of 12 cm"), "X");
    expect(screen.getByLabelText("SKU of 12 cm")).not.toHaveAttribute("aria-invalid", "true");
  });

  it("a failure that names no field is the server's message in a notification", async () => {
    renderSection(monstera, [
      { request: { query: SaveProductVariantsDocument, variables: () => true }, result: { errors: [{ message: "Product not found.", extensions: { code: "NOT_FOUND" } }] } },
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Save variants" }));
    expect(await screen.findByText("Product not found.")).toBeInTheDocument();
    expect(screen.queryByText("The variants were not saved")).not.toBeInTheDocument();
  });
});
