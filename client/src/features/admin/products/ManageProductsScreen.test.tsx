import { screen, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminProductsDocument, DeleteProductDocument } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE } from "../../../lib/apollo/pages";
import { cactus, connection, cursorOf, fern, product, queryMock, shovel, type PageOptions, type ProductFixture } from "../../../test/fixtures";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { ManageProductsScreen } from "./ManageProductsScreen";

const at = { route: "/admin/manage-product", path: "/admin/manage-product", user: admin };
type Stock = { totalQuantity: number; variants: Array<{ __typename: "ProductVariant"; id: number; enabled: boolean; quantity: number }> };
/** A card's product with what the admin list adds: its stock, by default one variant holding the product's quantity. */
const withStock = (product: ProductFixture, stock: Partial<Stock> = {}): ProductFixture & Stock => ({
  ...product,
  totalQuantity: stock.totalQuantity ?? product.quantity,
  variants: stock.variants ?? [{ __typename: "ProductVariant", id: product.id * 10, enabled: true, quantity: product.quantity }],
});
/** A page of the admin product list as the server sends it (newest first), for a name search (or none). */
const productPage = (products: ProductFixture[], ask: { name?: string; after?: string } = {}, page: PageOptions = {}, extra: object = {}) =>
  queryMock(AdminProductsDocument, { first: ADMIN_PAGE_SIZE, ...ask }, { products: connection("Product", products.map((product) => withStock(product)), page) }, extra);
const listed = [cactus, shovel, fern];
// Notifications live in a module-wide store: one test's messages must not answer the next one's queries.
afterEach(() => notifications.clean());

const cardNames = () => screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("Manage products", () => {
  it("heading 'Manage products', the count of products and a 'New Product' link to /admin/add-product", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [productPage(listed, {}, { hasNextPage: true, totalCount: 57 })] });
    expect(await screen.findByRole("heading", { name: "Manage products" })).toBeInTheDocument();
    // The count is the server's total over all pages, not the cards on screen.
    expect(await screen.findByText("Total products: 57")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New Product" })).toHaveAttribute("href", "/admin/add-product");
  });

  it("a spinner shows until the list has loaded", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [productPage(listed, {}, {}, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(screen.queryByTestId("list-count")).not.toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Boston Fern" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading products" })).not.toBeInTheDocument();
  });

  it("shows the admin product cards in the server's order (newest first), out-of-stock products included", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [productPage(listed)] });
    await screen.findByRole("article", { name: "Boston Fern" });
    expect(cardNames()).toEqual(["Tiny Cactus", "Steel Shovel", "Boston Fern"]);
    const card = screen.getByRole("article", { name: "Tiny Cactus" });
    expect(within(card).getByText("Out Of Stock")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Edit Product" })).toHaveAttribute("href", "/admin/edit-product/tiny-cactus");
    expect(within(card).getByRole("button", { name: "Delete Product" })).toBeInTheDocument();
  });

  it("the 'Search product' box searches names on the server once the typing pauses", async () => {
    const lavender = product(9, { name: "Fernleaf Lavender" });
    renderWithShop(<ManageProductsScreen />, {
      ...at,
      mocks: [productPage(listed), productPage([lavender, fern], { name: "FERN" }, {}, { delay: 50 })],
    });
    await screen.findByRole("article", { name: "Boston Fern" });
    await userEvent.type(screen.getByPlaceholderText("Search product"), "FERN");
    // The cards on screen no longer answer the search: hidden from screen readers until the answer comes.
    expect(await screen.findByText("Searching…")).toBeInTheDocument();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    await screen.findByRole("article", { name: "Fernleaf Lavender" });
    expect(cardNames()).toEqual(["Fernleaf Lavender", "Boston Fern"]);
    expect(screen.getByText("Total products: 2")).toBeInTheDocument();
  });

  it("'No products found matching your search.' when nothing matches", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [productPage(listed), productPage([], { name: "orchid" })] });
    await screen.findByRole("article", { name: "Boston Fern" });
    await userEvent.type(screen.getByPlaceholderText("Search product"), "orchid");
    expect(await screen.findByText("No products found matching your search.")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("page by page: 'Load more' fetches the page after the last cursor and appends it", async () => {
    const older = product(1, { name: "Old Rake" });
    renderWithShop(<ManageProductsScreen />, {
      ...at,
      mocks: [productPage(listed, {}, { hasNextPage: true, totalCount: 4 }), productPage([older], { after: cursorOf(fern) }, { totalCount: 4 })],
    });
    expect(await screen.findByText("Showing 3 of 4 products")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more products" }));
    await screen.findByRole("article", { name: "Old Rake" });
    expect(cardNames()).toEqual(["Tiny Cactus", "Steel Shovel", "Boston Fern", "Old Rake"]);
    expect(screen.getByText("Total products: 4")).toBeInTheDocument();
  });

  it("says so when the list cannot be loaded, with a way to try again", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [productPage(listed, {}, {}, { error: new Error("offline") })] });
    expect(await screen.findByText("We could not load the products.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("Manage products: stock", () => {
  it("each card is followed by the total stock over the variants on sale and 'Low stock' when a variant on sale has 5 units or fewer", async () => {
    const monstera = product(20, { name: "Monstera", quantity: 18 });
    const planter = product(21, { name: "Planter", quantity: 14 });
    const variants = (...quantities: Array<[number, boolean]>) =>
      quantities.map(([quantity, enabled], index) => ({ __typename: "ProductVariant" as const, id: 900 + index, enabled, quantity }));
    renderWithShop(<ManageProductsScreen />, {
      ...at,
      mocks: [
        queryMock(
          AdminProductsDocument,
          { first: ADMIN_PAGE_SIZE },
          {
            products: connection("Product", [
              withStock(monstera, { totalQuantity: 27, variants: variants([18, true], [9, true], [2, false]) }),
              withStock(planter, { totalQuantity: 24, variants: variants([14, true], [6, true], [4, true]).map((variant) => ({ ...variant, id: variant.id + 10 })) }),
              withStock(shovel),
              withStock(cactus),
            ]),
          },
        ),
      ],
    });
    await screen.findByRole("article", { name: "Monstera" });
    const stockLine = (name: string) => screen.getByRole("article", { name }).nextElementSibling as HTMLElement;
    expect(stockLine("Monstera")).toHaveTextContent(/^Total stock: 27$/);
    expect(stockLine("Planter")).toHaveTextContent(/^Total stock: 24Low stock$/);
    expect(stockLine("Steel Shovel")).toHaveTextContent(/^Total stock: 10$/);
    expect(stockLine("Tiny Cactus")).toHaveTextContent(/^Total stock: 0Low stock$/);
  });
});

describe("Manage products: Delete Product", () => {
  const deleteMock = (outcome: object, delay = 0) => ({ request: { query: DeleteProductDocument, variables: { id: shovel.id } }, ...outcome, delay });

  it("shows a spinner while deleting, then the server's message, and the list reloads", async () => {
    const reloaded = vi.fn(() => ({ data: { products: connection("Product", [cactus, fern].map((product) => withStock(product))) } }));
    renderWithShop(<ManageProductsScreen />, {
      ...at,
      mocks: [
        productPage(listed, {}, {}, { times: 1 }),
        deleteMock({ result: { data: { deleteProduct: { __typename: "Message", message: "Product deleted successfully." } } } }, 300),
        { request: { query: AdminProductsDocument, variables: { first: ADMIN_PAGE_SIZE } }, result: reloaded },
      ],
    });
    const card = await screen.findByRole("article", { name: "Steel Shovel" });
    await userEvent.click(within(card).getByRole("button", { name: "Delete Product" }));
    expect(within(card).getByRole("button", { name: "Delete Product" })).toHaveAttribute("data-loading", "true");
    expect(await screen.findByText("Product deleted successfully.")).toBeInTheDocument();
    await screen.findByText("Total products: 2");
    expect(reloaded).toHaveBeenCalledTimes(1);
    expect(cardNames()).toEqual(["Tiny Cactus", "Boston Fern"]);
  });

  it("a failed delete shows the server's message", async () => {
    renderWithShop(<ManageProductsScreen />, {
      ...at,
      mocks: [productPage(listed), deleteMock({ result: { errors: [{ message: "Product not found.", extensions: { code: "NOT_FOUND" } }] } })],
    });
    const card = await screen.findByRole("article", { name: "Steel Shovel" });
    await userEvent.click(within(card).getByRole("button", { name: "Delete Product" }));
    expect(await screen.findByText("Product not found.")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Delete Product" })).not.toHaveAttribute("data-loading");
  });

  it("a failed delete without a message from the server shows 'Try again later'", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [productPage(listed), deleteMock({ error: new Error("Failed to fetch") })] });
    const card = await screen.findByRole("article", { name: "Steel Shovel" });
    await userEvent.click(within(card).getByRole("button", { name: "Delete Product" }));
    expect(await screen.findByText("Try again later")).toBeInTheDocument();
  });
});
