import { screen, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeleteProductDocument, ShopCatalogDocument } from "../../../graphql/generated/graphql";
import { cactus, catalogMock, fern, product, shovel } from "../../../test/fixtures";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { ManageProductsScreen } from "./ManageProductsScreen";

const at = { route: "/admin/manage-product", path: "/admin/manage-product", user: admin };
const once = (mock: ReturnType<typeof catalogMock>) => ({ ...mock, maxUsageCount: 1 });
// Notifications live in a module-wide store: one test's messages must not answer the next one's queries.
afterEach(() => notifications.clean());

const cardNames = () => screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("Manage products", () => {
  it("heading 'Manage products', the count of products and a 'New Product' link to /admin/add-product", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [catalogMock()] });
    expect(await screen.findByRole("heading", { name: "Manage products" })).toBeInTheDocument();
    expect(await screen.findByText("Total products: 3")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New Product" })).toHaveAttribute("href", "/admin/add-product");
  });

  it("a spinner shows until the list has loaded", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [catalogMock(undefined, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading products" })).toBeInTheDocument();
    expect(screen.queryByTestId("list-count")).not.toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Boston Fern" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading products" })).not.toBeInTheDocument();
  });

  it("shows the admin product cards newest first, out-of-stock products included", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [catalogMock([fern, cactus, shovel])] });
    await screen.findByRole("article", { name: "Boston Fern" });
    expect(cardNames()).toEqual(["Tiny Cactus", "Steel Shovel", "Boston Fern"]);
    const card = screen.getByRole("article", { name: "Tiny Cactus" });
    expect(within(card).getByText("Out Of Stock")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Edit Product" })).toHaveAttribute("href", "/admin/edit-product/tiny-cactus");
    expect(within(card).getByRole("button", { name: "Delete Product" })).toBeInTheDocument();
  });

  it("the 'Search product' box filters by name as a case-insensitive substring", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [catalogMock([fern, shovel, cactus, product(9, { name: "Fernleaf Lavender" })])] });
    await screen.findByRole("article", { name: "Boston Fern" });
    await userEvent.type(screen.getByPlaceholderText("Search product"), "FERN");
    expect(cardNames()).toEqual(["Boston Fern", "Fernleaf Lavender"]);
  });

  it("'No products found matching your search.' when nothing matches", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [catalogMock()] });
    await screen.findByRole("article", { name: "Boston Fern" });
    await userEvent.type(screen.getByPlaceholderText("Search product"), "orchid");
    expect(screen.getByText("No products found matching your search.")).toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("says so when the list cannot be loaded, with a way to try again", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [catalogMock(undefined, { error: new Error("offline") })] });
    expect(await screen.findByText("We could not load the products.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("Manage products: Delete Product", () => {
  const deleteMock = (outcome: object, delay = 0) => ({ request: { query: DeleteProductDocument, variables: { id: shovel.id } }, ...outcome, delay });

  it("shows a spinner while deleting, then the server's message, and the list reloads", async () => {
    const reloaded = vi.fn(() => ({ data: { products: [fern, cactus], categories: [], regions: [] } }));
    renderWithShop(<ManageProductsScreen />, {
      ...at,
      mocks: [
        once(catalogMock()),
        deleteMock({ result: { data: { deleteProduct: { __typename: "Message", message: "Product deleted successfully." } } } }, 300),
        { request: { query: ShopCatalogDocument }, result: reloaded },
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
      mocks: [catalogMock(), deleteMock({ result: { errors: [{ message: "Product not found.", extensions: { code: "NOT_FOUND" } }] } })],
    });
    const card = await screen.findByRole("article", { name: "Steel Shovel" });
    await userEvent.click(within(card).getByRole("button", { name: "Delete Product" }));
    expect(await screen.findByText("Product not found.")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Delete Product" })).not.toHaveAttribute("data-loading");
  });

  it("a failed delete without a message from the server shows 'Try again later'", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, mocks: [catalogMock(), deleteMock({ error: new Error("Failed to fetch") })] });
    const card = await screen.findByRole("article", { name: "Steel Shovel" });
    await userEvent.click(within(card).getByRole("button", { name: "Delete Product" }));
    expect(await screen.findByText("Try again later")).toBeInTheDocument();
  });
});
