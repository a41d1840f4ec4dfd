import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type PromotionInput } from "../../../graphql/generated/graphql";
import { AdminPromotionDocument, CreatePromotionDocument, PromotionChosenProductsDocument, GeneratePromotionCodesDocument, PromotionCodesCsvDocument, PromotionEditorChoicesDocument, PromotionPreviewDocument, PromotionProductChoicesDocument, UpdatePromotionDocument } from "./operations";
import { categories, regions } from "../../../test/fixtures";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { EditPromotionScreen, NewPromotionScreen } from "./PromotionEditorScreens";
import { promotionFixture } from "./promotionFixtures";

afterEach(() => notifications.clean());

/** Puts text into a field in one go (as a paste): the form is drawn again once, not at every key. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const variant = (id: number, options: Array<[string, string]> = []) => ({
  __typename: "ProductVariant" as const,
  id,
  sku: `SKU-${id}`,
  options: options.map(([name, value]) => ({ __typename: "VariantOption" as const, name, value })),
});
const fern = { __typename: "Product" as const, id: 101, name: "Boston Fern", variants: [variant(1010)] };
const monstera = { __typename: "Product" as const, id: 102, name: "Monstera", variants: [variant(1020, [["Pot size", "12 cm"]]), variant(1021, [["Pot size", "24 cm"]])] };
const trowel = { __typename: "Product" as const, id: 103, name: "Steel Trowel", variants: [variant(1030)] };

const choicesMock = {
  request: { query: PromotionEditorChoicesDocument },
  result: { data: { categories: { __typename: "CategoryConnection", nodes: categories }, regions: { __typename: "RegionConnection", nodes: regions } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};
const catalogueMock = {
  request: { query: PromotionProductChoicesDocument, variables: { first: 100 } },
  result: { data: { products: { __typename: "ProductConnection", nodes: [fern, monstera] } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

interface PreviewVariables {
  input: PromotionInput;
  lines: Array<{ productId: number; variantId: number; quantity: number }>;
  regionId: number | null;
}

const line = (variantId: number, productId: number, quantity: number, lineTotal: number, discount: number) => ({
  __typename: "CartQuoteLine" as const,
  productId,
  variantId,
  quantity,
  unitPrice: lineTotal / quantity,
  lineTotal,
  discount,
  tax: 0,
});

/** The server's preview: 15% off whatever the sample holds, with a $5 fee in a region, or the missing name. */
function previewMock(asked: PreviewVariables[] = []) {
  return {
    request: { query: PromotionPreviewDocument, variables: (variables: PreviewVariables) => (asked.push(variables), true) },
    result: (variables: PreviewVariables) => {
      if (variables.input.name.trim() === "") {
        return { errors: [{ message: "Invalid input", extensions: { code: "BAD_USER_INPUT", fields: { name: ["The name field is required."] } } }] };
      }
      const lines = variables.lines.map((asked) => {
        const unit = asked.productId === 101 ? 20 : 30;
        const total = unit * asked.quantity;
        return line(asked.variantId, asked.productId, asked.quantity, total, Math.round(total * 15) / 100);
      });
      const itemsTotal = lines.reduce((sum, known) => sum + known.lineTotal, 0);
      const discountTotal = lines.reduce((sum, known) => sum + known.discount, 0);
      const deliveryFee = variables.regionId ? 5 : 0;
      return {
        data: {
          promotionPreview: {
            __typename: "CartQuote",
            lines,
            itemsTotal,
            discountTotal,
            deliveryFee,
            deliveryDiscount: 0,
            taxTotal: 0,
            pricesIncludeTax: false,
            total: itemsTotal - discountTotal + deliveryFee,
            totalBeforePromotions: itemsTotal + deliveryFee,
            promotions: [{ __typename: "AppliedPromotionView", name: variables.input.name, code: null, amount: discountTotal }],
          },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const renderNew = (mocks: object[]) =>
  renderWithShop(<NewPromotionScreen />, {
    route: "/admin/promotions/new",
    path: "/admin/promotions/new",
    user: admin,
    routes: [{ path: "/admin/promotions", element: <h1>Promotion list</h1> }],
    mocks: [choicesMock, catalogueMock, ...mocks] as never,
  });

const created = (input: Partial<PromotionInput>) => ({ data: { createPromotion: { ...promotionFixture(9), ...input } } });

describe("New promotion", () => {
  it("sends the promotion as filled in (a 15% code promotion with a limit, dates and stacking), says so and goes back to the list", async () => {
    const sent = vi.fn();
    renderNew([
      previewMock(),
      {
        request: { query: CreatePromotionDocument, variables: (variables: { input: PromotionInput }) => (sent(variables.input), true) },
        result: created({ name: "Autumn sale" }),
      },
    ]);
    expect(await screen.findByRole("heading", { name: "New promotion" })).toBeInTheDocument();
    await fill(screen.getByLabelText(/^Name/), "Autumn sale");
    expect(screen.getByRole("radio", { name: "Percent off" })).toBeChecked();
    await fill(screen.getByLabelText(/^Percentage/), "15");
    await fill(screen.getByLabelText(/^Code$/), "autumn15");
    expect(screen.getByLabelText(/^Code$/)).toHaveValue("AUTUMN15");
    await fill(screen.getByLabelText(/^Usage limit/), "100");
    await fill(screen.getByLabelText(/^Limit per customer/), "1");
    await fill(screen.getByLabelText(/^Minimum order value/), "30");
    fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: "2026-11-01T09:00" } });
    fireEvent.change(screen.getByLabelText(/^Ends/), { target: { value: "2026-11-30T18:00" } });
    await userEvent.click(screen.getByRole("checkbox", { name: /Combines with other promotions/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Promotion Autumn sale created.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Promotion list" })).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith({
      name: "Autumn sale",
      kind: "PERCENT_OFF",
      percent: 15,
      amount: null,
      buyQuantity: null,
      getQuantity: null,
      categoryIds: [],
      productIds: [],
      variantIds: [],
      minItems: 30,
      minQuantity: null,
      startsAt: "2026-11-01T09:00:00.000Z",
      endsAt: "2026-11-30T18:00:00.000Z",
      usageLimit: 100,
      perCustomerLimit: 1,
      combinable: true,
      onDiscountedItems: false,
      automatic: false,
      code: "AUTUMN15",
    });
  });

  it("buy 2 get 1 free on chosen categories and products (found by name), applied automatically", async () => {
    const sent = vi.fn();
    renderNew([
      previewMock(),
      {
        request: { query: PromotionProductChoicesDocument, variables: { name: "trow", first: 8 } },
        result: { data: { products: { __typename: "ProductConnection", nodes: [trowel] } } },
      },
      {
        request: { query: CreatePromotionDocument, variables: (variables: { input: PromotionInput }) => (sent(variables.input), true) },
        result: created({ name: "Tools bundle" }),
      },
    ]);
    await fill(await screen.findByLabelText(/^Name/), "Tools bundle");
    await userEvent.click(screen.getByRole("radio", { name: "Buy X, get Y free" }));
    expect(screen.queryByLabelText(/^Percentage/)).not.toBeInTheDocument();
    await fill(screen.getByLabelText(/^Units bought/), "2");
    await fill(screen.getByLabelText(/^Units free/), "1");
    await userEvent.click(screen.getByRole("radio", { name: "Chosen categories, products and variants" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Garden Tools" }));
    await fill(screen.getByLabelText(/^Find a product to add/), "trow");
    await userEvent.click(await screen.findByRole("button", { name: "Add Steel Trowel" }));
    expect(within(screen.getByRole("list", { name: "Chosen products" })).getByText("Steel Trowel")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Automatically, without a code" }));
    expect(screen.queryByLabelText(/^Code$/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Promotion Tools bundle created.")).toBeInTheDocument();
    expect(sent.mock.calls[0]![0]).toMatchObject({
      kind: "BUY_X_GET_Y",
      percent: null,
      buyQuantity: 2,
      getQuantity: 1,
      categoryIds: [2],
      productIds: [103],
      automatic: true,
      code: null,
    });
  });

  it("a product sold in several variants offers each by its options and SKU: one variant is chosen, and sent as such", async () => {
    const sent = vi.fn();
    renderNew([
      previewMock(),
      {
        request: { query: PromotionProductChoicesDocument, variables: { name: "mons", first: 8 } },
        result: { data: { products: { __typename: "ProductConnection", nodes: [monstera] } } },
      },
      {
        request: { query: CreatePromotionDocument, variables: (variables: { input: PromotionInput }) => (sent(variables.input), true) },
        result: created({ name: "Big pots" }),
      },
    ]);
    await fill(await screen.findByLabelText(/^Name/), "Big pots");
    await fill(screen.getByLabelText(/^Percentage/), "10");
    await userEvent.click(screen.getByRole("radio", { name: "Chosen categories, products and variants" }));
    await fill(screen.getByLabelText(/^Find a product to add/), "mons");
    const variants = within(await screen.findByRole("list", { name: "Variants of Monstera" }));
    expect(variants.getAllByRole("listitem").map((item) => item.querySelector("p")?.textContent)).toEqual(["Pot size: 12 cm (SKU-1020)", "Pot size: 24 cm (SKU-1021)"]);
    await userEvent.click(variants.getByRole("button", { name: "Add Monstera · Pot size: 24 cm (SKU-1021)" }));
    expect(within(screen.getByRole("list", { name: "Chosen variants" })).getByText("Monstera · Pot size: 24 cm (SKU-1021)")).toBeInTheDocument();
    // A chosen variant is no longer offered; the whole product still is.
    expect(screen.queryByRole("button", { name: "Add Monstera · Pot size: 24 cm (SKU-1021)" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Monstera" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Promotion Big pots created.")).toBeInTheDocument();
    expect(sent.mock.calls[0]![0]).toMatchObject({ productIds: [], variantIds: [1021], categoryIds: [] });
  });

  it("chosen items with nothing chosen are refused at the categories before asking the server", async () => {
    const sent = vi.fn();
    renderNew([previewMock(), { request: { query: CreatePromotionDocument, variables: () => (sent(), true) }, result: created({}) }]);
    await fill(await screen.findByLabelText(/^Name/), "Nothing");
    await userEvent.click(screen.getByRole("radio", { name: "Chosen categories, products and variants" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Choose at least one category, product or variant, or apply it to every item.")).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it("shows the server's problems at their fields, and the first invalid field takes the focus", async () => {
    renderNew([
      previewMock(),
      {
        request: { query: CreatePromotionDocument, variables: () => true },
        result: {
          errors: [
            {
              message: "Invalid input",
              extensions: {
                code: "BAD_USER_INPUT",
                fields: {
                  percent: ["The percentage must be from 0.01 to 100, with at most two decimals."],
                  ends_at: ["The end must be after the start."],
                  code: ["The code AUTUMN15 is already used by another promotion."],
                },
              },
            },
          ],
        },
      },
    ]);
    await fill(await screen.findByLabelText(/^Name/), "Autumn sale");
    await fill(screen.getByLabelText(/^Percentage/), "150");
    await fill(screen.getByLabelText(/^Code$/), "AUTUMN15");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    const percent = screen.getByLabelText(/^Percentage/);
    await waitFor(() => expect(percent).toHaveAttribute("aria-invalid", "true"));
    expect(percent).toHaveAccessibleDescription(expect.stringContaining("The percentage must be from 0.01 to 100, with at most two decimals."));
    expect(screen.getByLabelText(/^Ends/)).toHaveAccessibleDescription(expect.stringContaining("The end must be after the start."));
    expect(screen.getByLabelText(/^Code$/)).toHaveAccessibleDescription(expect.stringContaining("The code AUTUMN15 is already used by another promotion."));
    await waitFor(() => expect(percent).toHaveFocus());
    // Editing a field clears its message.
    await userEvent.clear(screen.getByLabelText(/^Code$/));
    expect(screen.getByLabelText(/^Code$/)).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("heading", { name: "New promotion" })).toBeInTheDocument();
  });
});

describe("The live preview", () => {
  it("prices a sample cart with the promotion as it is being edited, once the editing pauses", async () => {
    const asked: PreviewVariables[] = [];
    renderNew([previewMock(asked)]);
    const preview = within(await screen.findByRole("region", { name: "Preview" }));
    // The first product is the first sample; the name is still missing: the server's message shows.
    await waitFor(() => expect(preview.getByLabelText("Sample product 1")).toHaveDisplayValue("Boston Fern"));
    expect(await preview.findByText("The name field is required.")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Name/), "Autumn sale");
    await fill(screen.getByLabelText(/^Percentage/), "15");
    await userEvent.clear(preview.getByLabelText("Quantity of sample product 1"));
    await userEvent.type(preview.getByLabelText("Quantity of sample product 1"), "2");
    await userEvent.click(preview.getByRole("button", { name: "Add a sample product" }));
    await userEvent.selectOptions(preview.getByLabelText("Sample product 2"), "Monstera · Pot size: 24 cm");
    await userEvent.selectOptions(preview.getByLabelText("Delivery region"), "Portland Metro");

    // Once the last change (the region) is priced: its delivery fee shows.
    const totals = () => within(preview.getByRole("table", { name: "Sample cart totals" }));
    const figure = (name: string) => totals().getByRole("rowheader", { name }).nextElementSibling?.textContent;
    await waitFor(() => expect(figure("Delivery")).toBe("$5.00"));
    expect(preview.getByText("The shopper saves $10.50 on this cart.")).toBeInTheDocument();
    const last = asked[asked.length - 1]!;
    expect(last.input).toMatchObject({ name: "Autumn sale", kind: "PERCENT_OFF", percent: 15 });
    expect(last.lines).toEqual([
      { productId: 101, variantId: 1010, quantity: 2 },
      { productId: 102, variantId: 1021, quantity: 1 },
    ]);
    expect(last.regionId).toBe(1);
    // Asked once the typing paused, not at every key (11 keys made 10 unfinished names).
    const unfinished = new Set(asked.map((variables) => variables.input.name).filter((name) => name !== "" && name !== "Autumn sale"));
    expect(unfinished.size).toBeLessThan(10);

    const lines = within(preview.getByRole("table", { name: "Sample cart with the promotion" }));
    const rows = lines.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Boston Fern", "2", "$40.00", "−$6.00", "$34.00"],
      ["Monstera · Pot size: 24 cm", "1", "$30.00", "−$4.50", "$25.50"],
    ]);
    expect(figure("Items before the promotion")).toBe("$70.00");
    expect(figure("Promotion discount")).toBe("−$10.50");
    expect(figure("Items after the promotion")).toBe("$59.50");
    expect(figure("Delivery")).toBe("$5.00");
    // Before and after: the server's total before promotions beside the total with it.
    expect(figure("Total before the promotion")).toBe("$75.00");
    expect(figure("Total with the promotion")).toBe("$64.50");
  });
});

const autumn = promotionFixture(5, { name: "Autumn sale", percent: 15, code: "AUTUMN15", codeCount: 1, uses: 3, usageLimit: 100 });

const renderEdit = (promotion: object, mocks: object[]) =>
  renderWithShop(<EditPromotionScreen />, {
    route: "/admin/promotions/5",
    path: "/admin/promotions/:id",
    user: admin,
    routes: [{ path: "/admin/promotions", element: <h1>Promotion list</h1> }],
    mocks: [
      choicesMock,
      catalogueMock,
      previewMock(),
      { request: { query: AdminPromotionDocument, variables: { id: 5 } }, result: { data: { promotion } }, maxUsageCount: Number.POSITIVE_INFINITY },
      ...mocks,
    ] as never,
  });

describe("Edit promotion", () => {
  it("loads it into the form with its status and uses, and sends the changes", async () => {
    const sent = vi.fn();
    renderEdit(autumn, [
      {
        request: { query: UpdatePromotionDocument, variables: (variables: { id: number; input: PromotionInput }) => (sent(variables), true) },
        result: { data: { updatePromotion: { ...autumn, percent: 20 } } },
      },
    ]);
    expect(await screen.findByRole("heading", { name: "Edit promotion" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Autumn sale");
    expect(screen.getByLabelText(/^Percentage/)).toHaveValue("15%");
    expect(screen.getByLabelText(/^Code$/)).toHaveValue("AUTUMN15");
    expect(screen.getByText("Active")).toBeInTheDocument();
    expect(screen.getByText("Uses: 3 / 100")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Percentage/));
    await fill(screen.getByLabelText(/^Percentage/), "20");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Promotion Autumn sale saved.")).toBeInTheDocument();
    expect(sent.mock.calls[0]![0]).toMatchObject({ id: 5, input: { name: "Autumn sale", percent: 20, code: "AUTUMN15", usageLimit: 100 } });
  });

  it("chosen products and variants outside the newest 100 show by name, asked for by id; removing one sends the rest", async () => {
    const sent = vi.fn();
    const ivy = { __typename: "Product" as const, id: 555, name: "English Ivy", variants: [{ ...variant(5550), enabled: true }] };
    const olive = { __typename: "Product" as const, id: 777, name: "Olive Tree", variants: [{ ...variant(7770, [["Height", "1 m"]]), enabled: true }, { ...variant(7771, [["Height", "2 m"]]), enabled: false }] };
    renderEdit({ ...autumn, productIds: [555], variantIds: [7771] }, [
      { request: { query: PromotionChosenProductsDocument, variables: { ids: [555], variantIds: [7771] } }, result: { data: { productsByIds: [ivy, olive] } } },
      {
        request: { query: UpdatePromotionDocument, variables: (variables: { id: number; input: PromotionInput }) => (sent(variables.input), true) },
        result: { data: { updatePromotion: autumn } },
      },
    ]);
    expect(await screen.findByRole("heading", { name: "Edit promotion" })).toBeInTheDocument();
    const products = within(screen.getByRole("list", { name: "Chosen products" }));
    expect(await products.findByText("English Ivy")).toBeInTheDocument();
    expect(screen.queryByText("Product #555")).not.toBeInTheDocument();
    const variants = within(screen.getByRole("list", { name: "Chosen variants" }));
    expect(variants.getByText("Olive Tree · Height: 2 m (SKU-7771)")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Remove English Ivy" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Promotion Autumn sale saved.")).toBeInTheDocument();
    expect(sent.mock.calls[0]![0]).toMatchObject({ productIds: [], variantIds: [7771] });
  });

  it("an emptied code field sends no code: the server removes the shared code", async () => {
    const sent = vi.fn();
    renderEdit(autumn, [
      {
        request: { query: UpdatePromotionDocument, variables: (variables: { id: number; input: PromotionInput }) => (sent(variables.input), true) },
        result: { data: { updatePromotion: { ...autumn, code: null, codeCount: 0, status: "NO_CODES" } } },
      },
    ]);
    await userEvent.clear(await screen.findByLabelText(/^Code$/));
    expect(screen.getByLabelText(/^Code$/)).toHaveAccessibleDescription(expect.stringContaining("Emptying it removes the shared code (orders that used it keep it)."));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Promotion Autumn sale saved.")).toBeInTheDocument();
    expect(sent.mock.calls[0]![0]).toMatchObject({ code: null });
  });

  it("a code promotion without codes shows 'No codes yet'", async () => {
    renderEdit({ ...autumn, code: null, codeCount: 0, status: "NO_CODES" }, []);
    expect(await screen.findByText("No codes yet")).toBeInTheDocument();
    expect(screen.queryByText("Active")).not.toBeInTheDocument();
  });

  it("a promotion without codes is asked for again once codes are generated: its status is the server's ('No codes yet' -> 'Active')", async () => {
    const bare = { ...autumn, code: null, codeCount: 0, status: "NO_CODES" as const };
    renderWithShop(<EditPromotionScreen />, {
      route: "/admin/promotions/5",
      path: "/admin/promotions/:id",
      user: admin,
      mocks: [
        choicesMock,
        catalogueMock,
        previewMock(),
        { request: { query: AdminPromotionDocument, variables: { id: 5 } }, result: { data: { promotion: bare } } },
        { request: { query: AdminPromotionDocument, variables: { id: 5 } }, result: { data: { promotion: { ...bare, codeCount: 20, status: "ACTIVE" } } } },
        { request: { query: GeneratePromotionCodesDocument, variables: { id: 5, count: 20, prefix: null } }, result: { data: { generatePromotionCodes: 20 } } },
      ] as never,
    });
    expect(await screen.findByText("No codes yet")).toBeInTheDocument();
    const codes = within(screen.getByRole("region", { name: "Codes" }));
    await fill(codes.getByLabelText(/^Number of codes/), "20");
    await userEvent.click(codes.getByRole("button", { name: "Generate codes" }));
    expect(await screen.findByText("20 codes added")).toBeInTheDocument();
    expect(await screen.findByText("Active")).toBeInTheDocument();
    expect(screen.queryByText("No codes yet")).not.toBeInTheDocument();
  });

  it("'Generate codes' adds a batch of single-use codes and says '500 codes added'", async () => {
    renderEdit(autumn, [
      { request: { query: GeneratePromotionCodesDocument, variables: { id: 5, count: 500, prefix: "AUTUMN" } }, result: { data: { generatePromotionCodes: 500 } } },
    ]);
    const codes = within(await screen.findByRole("region", { name: "Codes" }));
    expect(codes.getByTestId("codes-summary")).toHaveTextContent("Shoppers enter the code AUTUMN15.");
    await fill(codes.getByLabelText(/^Number of codes/), "500");
    await fill(codes.getByLabelText(/^Prefix/), "autumn");
    await userEvent.click(codes.getByRole("button", { name: "Generate codes" }));
    expect(await screen.findByText("500 codes added")).toBeInTheDocument();
    await waitFor(() => expect(codes.getByTestId("codes-summary")).toHaveTextContent("Shoppers can enter the code AUTUMN15, or one of its 500 single-use codes."));
  });

  it("a refused batch shows the server's message at its field", async () => {
    renderEdit(autumn, [
      {
        request: { query: GeneratePromotionCodesDocument, variables: { id: 5, count: 20, prefix: "AUTUMN2026X!" } },
        result: { errors: [{ message: "Invalid input", extensions: { code: "BAD_USER_INPUT", fields: { prefix: ["The prefix must be 1 to 12 letters or digits."] } } }] },
      },
    ]);
    const codes = within(await screen.findByRole("region", { name: "Codes" }));
    await fill(codes.getByLabelText(/^Number of codes/), "20");
    await fill(codes.getByLabelText(/^Prefix/), "autumn2026x!");
    await userEvent.click(codes.getByRole("button", { name: "Generate codes" }));
    await waitFor(() => expect(codes.getByLabelText(/^Prefix/)).toHaveAccessibleDescription(expect.stringContaining("The prefix must be 1 to 12 letters or digits.")));
  });

  it("'Download codes (CSV)' saves the server's CSV as promotion-5-codes.csv", async () => {
    const csv = "code,single_use,uses\r\nAUTUMN15,false,3\r\nAUTUMN-ABCDEFGH,true,0\r\n";
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => (saved.push(blob), "blob:codes"));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderEdit({ ...autumn, codeCount: 2 }, [{ request: { query: PromotionCodesCsvDocument, variables: { id: 5 } }, result: { data: { promotionCodesCsv: csv } } }]);
    await userEvent.click(await screen.findByRole("button", { name: "Download codes (CSV)" }));
    await waitFor(() => expect(clicked).toEqual([{ href: "blob:codes", download: "promotion-5-codes.csv" }]));
    expect(saved[0]!.type).toBe("text/csv;charset=utf-8");
    expect((await saved[0]!.text()).split("\r\n")[0]).toBe("code,single_use,uses");
  });

  it("an automatic promotion has no codes to generate", async () => {
    renderEdit({ ...autumn, automatic: true, code: null, codeCount: 0 }, []);
    expect(await screen.findByRole("heading", { name: "Edit promotion" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Automatically, without a code" })).toBeChecked();
    expect(screen.queryByRole("region", { name: "Codes" })).not.toBeInTheDocument();
  });

  it("a promotion that cannot be loaded says why", async () => {
    renderWithShop(<EditPromotionScreen />, {
      route: "/admin/promotions/5",
      path: "/admin/promotions/:id",
      user: admin,
      mocks: [{ request: { query: AdminPromotionDocument, variables: { id: 5 } }, result: { errors: [{ message: "Promotion not found.", extensions: { code: "NOT_FOUND" } }] } }],
    });
    expect(await screen.findByText("We could not load this promotion.")).toBeInTheDocument();
    expect(screen.getAllByText("Promotion not found.").length).toBeGreaterThan(0);
  });
});
