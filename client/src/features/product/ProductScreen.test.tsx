import { act, fireEvent, screen, within } from "@testing-library/react";
import type { MockLink } from "@apollo/client/testing";
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

const detail = {
  __typename: "Product" as const,
  id: 101,
  slug: "boston-fern",
  name: "Boston Fern",
  description: "A lush fern for bright rooms.",
  imageOne: "/uploads/fern-1-640.jpg",
  images: [picture("fern-1", "Boston Fern"), picture("fern-2", "Boston Fern, second picture")],
  price: 30,
  discountPrice: 20,
  quantity: 3,
  rating: 14,
  peopleRated: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  category: { __typename: "Category" as const, id: 1, name: "Indoor Plants" },
};

const productMock = (product = detail, extra: object = {}) => ({
  request: { query: ProductDetailDocument, variables: { slug: product.slug } },
  result: { data: { product } },
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

afterEach(() => vi.useRealTimers());

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
});
