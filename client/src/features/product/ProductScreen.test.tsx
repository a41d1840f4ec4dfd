import { act, fireEvent, screen, within } from "@testing-library/react";
import type { MockLink } from "@apollo/client/testing";
import { notifications } from "@mantine/notifications";
import userEvent from "@testing-library/user-event";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  IsFavouriteDocument,
  MyRatingDocument,
  ProductDetailDocument,
  RateProductDocument,
  ToggleFavouriteDocument,
} from "../../graphql/generated/graphql";
import { createCartStore } from "../../lib/cart/cartStore";
import { notifyError } from "../../lib/notify";
import { renderRoutes, renderWithShop, shopper } from "../../test/renderWithShop";
import { picture } from "../../test/fixtures";
import { ProductScreen } from "./ProductScreen";

/** The product page's product, sold in one variant: its variant has the product's price and stock. */
const base = {
  __typename: "Product" as const,
  id: 101,
  slug: "boston-fern",
  name: "Boston Fern",
  description: "A lush fern for bright rooms.",
  imageOne: "/uploads/fern-1-640.jpg",
  images: [picture("fern-1", "Boston Fern"), picture("fern-2", "Boston Fern, second picture")],
  price: 30,
  discountPrice: 20 as number | null,
  quantity: 3,
  rating: 14,
  peopleRated: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  category: { __typename: "Category" as const, id: 1, name: "Indoor Plants" },
};
type Detail = typeof base & { options?: unknown[]; variants?: unknown[] };
const detail: Detail = base;

/** The product as the API answers it: a product given without variants is sold in one, with its price and stock. */
function answered(product: Detail) {
  const unit = product.discountPrice ?? product.price;
  return {
    options: [],
    variants: [
      {
        __typename: "ProductVariant" as const,
        id: product.id * 10,
        sku: product.slug.toUpperCase(),
        price: product.price,
        discountPrice: product.discountPrice,
        quantity: product.quantity,
        isDefault: true,
        options: [],
        image: null,
      },
    ],
    priceRange: { __typename: "PriceRange" as const, min: unit, max: unit },
    ...product,
  };
}

const productMock = (product: Detail = detail, extra: object = {}) => ({
  request: { query: ProductDetailDocument, variables: { slug: product.slug } },
  result: { data: { product: answered(product) } },
  ...extra,
});
const ratingMock = (myRating: number) => ({ request: { query: MyRatingDocument, variables: { productId: 101 } }, result: { data: { myRating } } });
const favouriteMock = (isFavourite: boolean) => ({
  request: { query: IsFavouriteDocument, variables: { productId: 101 } },
  result: { data: { isFavourite } },
});
const atProduct = { route: "/products/boston-fern", path: "/products/:slug" };
/** The page as a signed-in shopper sees it who has neither rated nor favourited the product, with the answers a test adds. */
const renderSignedIn = (...answers: MockLink.MockedResponse[]) =>
  renderWithShop(<ProductScreen />, { ...atProduct, user: shopper, mocks: [productMock(), ratingMock(0), favouriteMock(false), ...answers] });

afterEach(() => {
  vi.useRealTimers();
  // Toasts of one test never queue those of the next behind them.
  notifications.clean();
});

describe("Product detail", () => {
  it("shows the logo and spinner while loading, then name, category link, rating, description and price", async () => {
    renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock()] });
    expect(screen.getByRole("status", { name: "Loading product" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Boston Fern" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Indoor Plants" })).toHaveAttribute("href", "/categories/Indoor%20Plants");
    expect(screen.getByRole("img", { name: "4 out of 5 stars" })).toBeInTheDocument();
    expect(screen.getByText("A lush fern for bright rooms.")).toBeInTheDocument();
    expect(screen.getByTestId("current-price")).toHaveTextContent("$20.00");
    expect(screen.getByTestId("original-price")).toHaveTextContent("$30.00");
  });

  it("a product load failure shows the server's error text", async () => {
    renderWithShop(<ProductScreen />, {
      ...atProduct,
      mocks: [{ request: { query: ProductDetailDocument, variables: { slug: "boston-fern" } }, result: { errors: [{ message: "Product not found." }] } }],
    });
    expect(await screen.findByText("We could not show this product.")).toBeInTheDocument();
    expect((await screen.findAllByText("Product not found.")).length).toBeGreaterThan(0);
  });

  it("an unknown product shows the route's not-found screen, as the server sends it", async () => {
    // The app's routes show ErrorScreen for what reaches their boundary; here, what reached it.
    const Boundary = () => {
      const error = useRouteError();
      return <h1>{isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "something else"}</h1>;
    };
    renderRoutes([{ path: atProduct.path, element: <ProductScreen />, errorElement: <Boundary /> }], {
      route: atProduct.route,
      mocks: [
        {
          request: { query: ProductDetailDocument, variables: { slug: "boston-fern" } },
          result: { errors: [{ message: "Product not found.", extensions: { code: "NOT_FOUND" } }] },
        },
      ],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "404 Not Found" })).toBeInTheDocument();
    expect(screen.queryByText("We could not show this product.")).not.toBeInTheDocument();
  });

  it("re-fetches when the slug changes", async () => {
    const shovel = { ...detail, id: 102, slug: "steel-shovel", name: "Steel Shovel", images: [picture("shovel", "Steel Shovel")] };
    const { router } = renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock(), productMock(shovel)] });
    await screen.findByRole("heading", { name: "Boston Fern" });
    await act(() => router.navigate("/products/steel-shovel"));
    expect(await screen.findByRole("heading", { name: "Steel Shovel" })).toBeInTheDocument();
  });

  describe("Carousel: with two images it advances by itself every 10 seconds and wraps; previous and next also wrap", () => {
    it("previous and next wrap", async () => {
      renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock()] });
      expect(await screen.findByRole("img", { name: "Boston Fern, image 1 of 2" })).toBeInTheDocument();
      await userEvent.click(screen.getByRole("button", { name: "Next image" }));
      expect(screen.getByRole("img", { name: "Boston Fern, image 2 of 2" })).toBeInTheDocument();
      await userEvent.click(screen.getByRole("button", { name: "Next image" }));
      expect(screen.getByRole("img", { name: "Boston Fern, image 1 of 2" })).toBeInTheDocument();
      await userEvent.click(screen.getByRole("button", { name: "Previous image" }));
      expect(screen.getByRole("img", { name: "Boston Fern, image 2 of 2" })).toBeInTheDocument();
    });

    it("advances by itself every 10000 ms and wraps", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock()] });
      await screen.findByRole("img", { name: "Boston Fern, image 1 of 2" });
      // Time also passes for real while the page loads, so check well before and just after the 10 s mark.
      act(() => vi.advanceTimersByTime(9000));
      expect(screen.getByRole("img", { name: "Boston Fern, image 1 of 2" })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByRole("img", { name: "Boston Fern, image 2 of 2" })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(10000));
      expect(screen.getByRole("img", { name: "Boston Fern, image 1 of 2" })).toBeInTheDocument();
    });

    it("does not move with a single image", async () => {
      renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock({ ...detail, images: [detail.images[0]] })] });
      expect(await screen.findByRole("img", { name: "Boston Fern" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Next image" })).not.toBeInTheDocument();
    });
  });

  describe("Quantity controls and Add to cart", () => {
    it("Add to cart adds one; plus adds one; minus acts only when the quantity in the cart is above 1", async () => {
      const cart = createCartStore({ onRefusal: notifyError });
      renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock()], cart });
      await userEvent.click(await screen.findByRole("button", { name: "Add to cart" }));
      expect(screen.getByTestId("quantity-in-cart")).toHaveTextContent("1");
      await userEvent.click(screen.getByRole("button", { name: "Decrease quantity" }));
      expect(screen.getByTestId("quantity-in-cart")).toHaveTextContent("1");
      await userEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
      expect(screen.getByTestId("quantity-in-cart")).toHaveTextContent("2");
      await userEvent.click(screen.getByRole("button", { name: "Decrease quantity" }));
      expect(screen.getByTestId("quantity-in-cart")).toHaveTextContent("1");
      expect(cart.getState().totalQuantity).toBe(1);
    });

    it("refuses more than the stock with 'Cannot add more than available stock'", async () => {
      renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock()] });
      const add = await screen.findByRole("button", { name: "Add to cart" });
      for (let i = 0; i < 4; i += 1) await userEvent.click(add);
      expect(screen.getByTestId("quantity-in-cart")).toHaveTextContent("3");
      expect(await screen.findByText("Cannot add more than available stock")).toBeInTheDocument();
    });

    it("refuses an out-of-stock product with 'Product is out of stock'", async () => {
      renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock({ ...detail, quantity: 0 })] });
      expect(await screen.findByText("Out Of Stock")).toBeInTheDocument();
      await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));
      expect(await screen.findByText("Product is out of stock")).toBeInTheDocument();
    });
  });

  describe("Favourite heart: flips only after the toggle call succeeds", () => {
    it("flips after the server agrees", async () => {
      renderSignedIn({
        request: { query: ToggleFavouriteDocument, variables: { productId: 101 } },
        result: { data: { toggleFavourite: { __typename: "FavouritePayload", message: "Added to your wishlist.", isFavourite: true } } },
        delay: 300,
      });
      const heart = await screen.findByRole("button", { name: "Add to wishlist" });
      expect(heart).toHaveAttribute("aria-pressed", "false");
      await userEvent.click(heart);
      expect(screen.getByRole("button", { name: "Add to wishlist" })).toHaveAttribute("aria-pressed", "false");
      expect(await screen.findByRole("button", { name: "Remove from wishlist" })).toHaveAttribute("aria-pressed", "true");
    });

    it("stays as it was and says 'Failed to add product to wishlist.' when the call fails", async () => {
      renderSignedIn({ request: { query: ToggleFavouriteDocument, variables: { productId: 101 } }, error: new Error("offline") });
      await userEvent.click(await screen.findByRole("button", { name: "Add to wishlist" }));
      expect(await screen.findByText("Failed to add product to wishlist.")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Add to wishlist" })).toHaveAttribute("aria-pressed", "false");
    });
  });

  describe("Own rating", () => {
    it("when the user's own rating is 0, five stars are shown; clicking star N submits N, then reloads the product and the rating", async () => {
      renderSignedIn(
        {
          request: { query: RateProductDocument, variables: { productId: 101, rating: 4 } },
          result: {
            data: {
              rateProduct: {
                __typename: "ProductPayload",
                message: "Thank you for rating this product.",
                product: { __typename: "Product", id: 101, rating: 18, peopleRated: 4 },
              },
            },
          },
        },
        productMock({ ...detail, rating: 18, peopleRated: 4 }),
        ratingMock(4),
      );
      const group = await screen.findByRole("group", { name: "Rate this product" });
      expect(within(group).getAllByRole("button")).toHaveLength(5);
      await userEvent.click(within(group).getByRole("button", { name: "Rate 4 out of 5 stars" }));
      expect(await screen.findByText("Your rating")).toBeInTheDocument();
      expect(screen.queryByRole("group", { name: "Rate this product" })).not.toBeInTheDocument();
      expect(await screen.findByText("(4)")).toBeInTheDocument();
    });

    it("a rating that exists is shown read-only", async () => {
      renderWithShop(<ProductScreen />, { ...atProduct, user: shopper, mocks: [productMock(), ratingMock(3), favouriteMock(true)] });
      expect(await screen.findByText("Your rating")).toBeInTheDocument();
      expect(screen.getByRole("img", { name: "3 out of 5 stars" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: /^Rate / })).not.toBeInTheDocument();
    });

    it("a rating failure says 'Failed to submit rating.'", async () => {
      renderSignedIn({ request: { query: RateProductDocument, variables: { productId: 101, rating: 2 } }, error: new Error("offline") });
      fireEvent.click(await screen.findByRole("button", { name: "Rate 2 out of 5 stars" }));
      expect(await screen.findByText("Failed to submit rating.")).toBeInTheDocument();
    });

    it("a guest is asked to sign in to rate", async () => {
      renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock()] });
      expect(await screen.findByText(/to rate this product/)).toBeInTheDocument();
      expect(screen.queryByRole("group", { name: "Rate this product" })).not.toBeInTheDocument();
    });
  });

  describe("Variants: one plant in several pot sizes, each with its own price, stock and picture", () => {
    const variantOf = (id: number, sku: string, values: string[], price: number, discountPrice: number | null, quantity: number, extra: object = {}) => ({
      __typename: "ProductVariant" as const,
      id,
      sku,
      price,
      discountPrice,
      quantity,
      isDefault: false,
      options: values.map((value, index) => ({ __typename: "VariantOption" as const, name: ["Size", "Colour"][index], value })),
      image: null,
      ...extra,
    });
    const optionOf = (id: number, name: string, values: string[]) => ({
      __typename: "ProductOption" as const,
      id,
      name,
      values: values.map((value, index) => ({ __typename: "ProductOptionValue" as const, id: id * 10 + index, value })),
    });
    const potSize = (values: string[]) => ({ ...optionOf(1, "Pot size", values) });
    const potVariant = (id: number, sku: string, size: string, price: number, discountPrice: number | null, quantity: number, extra: object = {}) => ({
      ...variantOf(id, sku, [], price, discountPrice, quantity, extra),
      options: [{ __typename: "VariantOption" as const, name: "Pot size", value: size }],
    });
    const monstera: Detail = {
      ...detail,
      id: 7,
      slug: "monstera-deliciosa",
      name: "Monstera Deliciosa",
      price: 34.99,
      discountPrice: 29.99,
      quantity: 18,
      options: [potSize(["12 cm", "17 cm", "24 cm"])],
      variants: [
        potVariant(70, "MON-DEL-17", "17 cm", 34.99, 29.99, 18, { isDefault: true }),
        potVariant(71, "MON-DEL-12", "12 cm", 24.99, null, 9, { image: picture("monstera-12", "Monstera Deliciosa in a 12 cm pot") }),
        potVariant(72, "MON-DEL-24", "24 cm", 59.99, null, 0),
      ],
    };
    const planter: Detail = {
      ...detail,
      id: 8,
      slug: "planter-ocean",
      name: "Planter",
      price: 34.99,
      discountPrice: 27.99,
      quantity: 14,
      options: [optionOf(2, "Size", ["Small", "Large"]), optionOf(3, "Colour", ["Ocean", "Sand", "Charcoal"])],
      variants: [
        variantOf(80, "P-S-OCEAN", ["Small", "Ocean"], 34.99, 27.99, 14, { isDefault: true }),
        variantOf(81, "P-S-SAND", ["Small", "Sand"], 34.99, null, 6),
        variantOf(82, "P-S-CHARCOAL", ["Small", "Charcoal"], 34.99, null, 0),
        variantOf(83, "P-L-OCEAN", ["Large", "Ocean"], 49.99, 44.99, 4),
        variantOf(84, "P-L-SAND", ["Large", "Sand"], 49.99, null, 3),
      ],
    };
    const at = (product: Detail, search = "") => ({ route: `/products/${product.slug}${search}`, path: "/products/:slug", mocks: [productMock(product)] });
    const offer = () => ({ price: screen.getByTestId("current-price").textContent, stock: within(screen.getByTestId("variant-offer")).queryByText(/item\(s\) left|Out Of Stock/)?.textContent });

    it("a product sold in one variant shows no picker", async () => {
      renderWithShop(<ProductScreen />, { ...atProduct, mocks: [productMock()] });
      await screen.findByRole("heading", { name: "Boston Fern" });
      expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
      expect(screen.queryByRole("radio")).not.toBeInTheDocument();
      expect(offer()).toEqual({ price: "$20.00", stock: "3 item(s) left" });
    });

    it("one radio group per option (a fieldset named by its legend); without ?variant the default variant is chosen, its price and stock shown", async () => {
      renderWithShop(<ProductScreen />, at(monstera));
      const group = await screen.findByRole("group", { name: "Pot size" });
      expect(group.tagName).toBe("FIELDSET");
      expect(within(group).getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual(["12 cm", "17 cm", "24 cm"]);
      expect(within(group).getByRole("radio", { name: "17 cm" })).toBeChecked();
      expect(offer()).toEqual({ price: "$29.99", stock: "18 item(s) left" });
      expect(screen.getByTestId("original-price")).toHaveTextContent("$34.99");
    });

    it("an out-of-stock value is disabled and says 'Out of stock'", async () => {
      renderWithShop(<ProductScreen />, at(monstera));
      const large = await screen.findByRole("radio", { name: "24 cm" });
      expect(large).toBeDisabled();
      expect(large).toHaveAccessibleDescription("Out of stock");
      expect(screen.getByRole("radio", { name: "12 cm" })).toBeEnabled();
      expect(screen.getByRole("radio", { name: "12 cm" })).not.toHaveAccessibleDescription();
    });

    it("choosing a value shows its variant's price, stock and own picture, and replaces ?variant=SKU in the address", async () => {
      const { router } = renderWithShop(<ProductScreen />, at(monstera));
      await userEvent.click(await screen.findByRole("radio", { name: "12 cm" }));
      expect(screen.getByRole("radio", { name: "12 cm" })).toBeChecked();
      expect(offer()).toEqual({ price: "$24.99", stock: "9 item(s) left" });
      expect(screen.queryByTestId("original-price")).not.toBeInTheDocument();
      expect(screen.getByRole("img", { name: "Monstera Deliciosa" })).toHaveAttribute("src", "/uploads/monstera-12-640.jpg");
      expect(router.state.location.search).toBe("?variant=MON-DEL-12");
      expect(router.state.historyAction).toBe("REPLACE");
      // Back to the default: the product's own pictures again.
      await userEvent.click(screen.getByRole("radio", { name: "17 cm" }));
      expect(router.state.location.search).toBe("?variant=MON-DEL-17");
      expect(screen.getByRole("img", { name: "Monstera Deliciosa, image 1 of 2" })).toBeInTheDocument();
    });

    it("?variant=SKU chooses that variant; an unknown SKU falls back to the default", async () => {
      const { unmount } = renderWithShop(<ProductScreen />, at(monstera, "?variant=MON-DEL-12"));
      expect(await screen.findByRole("radio", { name: "12 cm" })).toBeChecked();
      expect(offer()).toEqual({ price: "$24.99", stock: "9 item(s) left" });
      unmount();
      renderWithShop(<ProductScreen />, at(monstera, "?variant=NO-SUCH-SKU"));
      expect(await screen.findByRole("radio", { name: "17 cm" })).toBeChecked();
      expect(offer()).toEqual({ price: "$29.99", stock: "18 item(s) left" });
    });

    it("an address naming a sold-out variant shows it chosen, 'Out Of Stock', and Add to cart refuses it", async () => {
      renderWithShop(<ProductScreen />, at(monstera, "?variant=MON-DEL-24"));
      const large = await screen.findByRole("radio", { name: "24 cm" });
      expect(large).toBeChecked();
      expect(offer()).toEqual({ price: "$59.99", stock: "Out Of Stock" });
      await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));
      expect(await screen.findByText("Product is out of stock")).toBeInTheDocument();
    });

    it("with several options, a value is judged with the other current choices: out of stock, or not offered at all ('Not available')", async () => {
      renderWithShop(<ProductScreen />, at(planter));
      const colour = await screen.findByRole("group", { name: "Colour" });
      const size = screen.getByRole("group", { name: "Size" });
      expect(within(colour).getByRole("radio", { name: "Charcoal" })).toBeDisabled();
      expect(within(colour).getByRole("radio", { name: "Charcoal" })).toHaveAccessibleDescription("Out of stock");
      await userEvent.click(within(size).getByRole("radio", { name: "Large" }));
      expect(offer()).toEqual({ price: "$44.99", stock: "4 item(s) left" });
      expect(within(colour).getByRole("radio", { name: "Ocean" })).toBeChecked();
      expect(within(colour).getByRole("radio", { name: "Charcoal" })).toBeDisabled();
      expect(within(colour).getByRole("radio", { name: "Charcoal" })).toHaveAccessibleDescription("Not available");
      await userEvent.click(within(colour).getByRole("radio", { name: "Sand" }));
      expect(offer()).toEqual({ price: "$49.99", stock: "3 item(s) left" });
    });

    it("Add to cart buys the chosen variant: each variant is a line of its own, with its option values, and the quantity shown is the chosen variant's", async () => {
      const cart = createCartStore({ onRefusal: notifyError });
      renderWithShop(<ProductScreen />, { ...at(monstera), cart });
      await userEvent.click(await screen.findByRole("button", { name: "Add to cart" }));
      await userEvent.click(screen.getByRole("radio", { name: "12 cm" }));
      expect(screen.getByTestId("quantity-in-cart")).toHaveTextContent("0");
      await userEvent.click(screen.getByRole("button", { name: "Add to cart" }));
      await userEvent.click(screen.getByRole("button", { name: "Increase quantity" }));
      expect(screen.getByTestId("quantity-in-cart")).toHaveTextContent("2");
      expect(cart.getState().cartItems.map(({ id, variantId, sku, options, price, quantity, cartQuantity }) => ({ id, variantId, sku, options, price, quantity, cartQuantity }))).toEqual([
        { id: 7, variantId: 70, sku: "MON-DEL-17", options: [{ name: "Pot size", value: "17 cm" }], price: 34.99, quantity: 18, cartQuantity: 1 },
        { id: 7, variantId: 71, sku: "MON-DEL-12", options: [{ name: "Pot size", value: "12 cm" }], price: 24.99, quantity: 9, cartQuantity: 2 },
      ]);
      await userEvent.click(screen.getByRole("radio", { name: "17 cm" }));
      expect(screen.getByTestId("quantity-in-cart")).toHaveTextContent("1");
    });

    it("the arrow keys move within a group, skipping values that cannot be bought", async () => {
      const { router } = renderWithShop(<ProductScreen />, at(monstera));
      const medium = await screen.findByRole("radio", { name: "17 cm" });
      medium.focus();
      await userEvent.keyboard("{ArrowLeft}");
      expect(screen.getByRole("radio", { name: "12 cm" })).toBeChecked();
      expect(router.state.location.search).toBe("?variant=MON-DEL-12");
    });
  });
});
