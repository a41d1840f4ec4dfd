import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { GraphQLError } from "graphql";
import { ApplyCodeDocument, CheckCartDocument } from "../../graphql/generated/graphql";
import type { CartProduct } from "../../lib/cart/cartRules";
import { CART_ITEMS_KEY, TOTAL_QUANTITY_KEY } from "../../lib/cart/cartStorage";
import { createCartStore } from "../../lib/cart/cartStore";
import { notifyError } from "../../lib/notify";
import { acceptsCodesMock, pricedQuoteServer } from "../../lib/cart/cartQuoteFake";
import { cartQuoteFailure } from "../../test/fixtures";
import { renderWithShop, shopper, type ShopRenderOptions } from "../../test/renderWithShop";
import { CartScreen } from "./CartScreen";

const fern: CartProduct = { id: 101, slug: "boston-fern", name: "Boston Fern", imageOne: "/f.svg", price: 30, discountPrice: 20, quantity: 3 };
const shovel: CartProduct = { id: 102, slug: "steel-shovel", name: "Steel Shovel", imageOne: "/s.svg", price: 45, discountPrice: null, quantity: 10 };

function filledCart() {
  const cart = createCartStore({ onRefusal: notifyError });
  cart.dispatch({ type: "add", product: fern, cartQuantity: 2 });
  cart.dispatch({ type: "add", product: shovel });
  return cart;
}

// Today's prices on the server: the fern's discount price has dropped to $18 since it went into the cart
// (the cart saved $20), so the client's own sums ($40 for the fern, $85 in all) would be wrong.
const todaysPrices = { unitPrices: { 101: 18, 102: 45 } };
const quote = () => pricedQuoteServer(todaysPrices);

const checkMock = (outcome: { error?: string; delay?: number } = {}) => ({
  request: { query: CheckCartDocument, variables: { lines: [{ productId: 101, quantity: 2 }, { productId: 102, quantity: 1 }] } },
  ...(outcome.error
    ? { result: { errors: [{ message: outcome.error }] } }
    : { result: { data: { checkCart: { __typename: "CartCheck", message: "Your cart is ready.", totalQuantity: 3, subtotal: 85 } } } }),
  delay: outcome.delay ?? 0,
});

/** The cart screen at /cart; the shop takes no promotion codes unless the mocks say so first. */
const renderCart = (options: ShopRenderOptions) =>
  renderWithShop(<CartScreen />, { route: "/cart", path: "/cart", ...options, mocks: [...(options.mocks ?? []), acceptsCodesMock(false)] });

const pages = [
  { path: "/checkout", element: <h1>Checkout page</h1> },
  { path: "/login", element: <h1>Login page</h1> },
];

describe("Cart", () => {
  it("empty: 'Your cart is empty!' with a link back to the store", async () => {
    renderCart({ route: "/cart", path: "/cart" });
    expect(await screen.findByText("Your cart is empty!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the store" })).toHaveAttribute("href", "/");
  });

  it("each item shows image, name, line price (the server's), quantity with minus and plus, and 'Remove item'", async () => {
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [quote().mock] });
    const line = await screen.findByRole("article", { name: "Boston Fern" });
    // A cart saved with only a URL still shows it; the name beside it makes the picture decoration.
    expect(within(line).getByRole("presentation")).toHaveAttribute("src", "/f.svg");
    expect(await within(line).findByText("$36.00")).toHaveAttribute("data-testid", "line-price");
    expect(within(line).getByTestId("line-quantity")).toHaveTextContent("2");
    expect(within(line).getByRole("button", { name: "Decrease quantity of Boston Fern" })).toBeInTheDocument();
    expect(within(line).getByRole("button", { name: "Increase quantity of Boston Fern" })).toBeInTheDocument();
    expect(within(line).getByRole("button", { name: "Remove item" })).toBeInTheDocument();
  });

  it("'cart Summary' with Total quantity (the cart's) and Subtotal (the server's quote of the cart's lines)", async () => {
    const server = quote();
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [server.mock] });
    expect(await screen.findByRole("heading", { name: "cart Summary" })).toBeInTheDocument();
    expect(screen.getByTestId("total-quantity")).toHaveTextContent("3");
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00"));
    expect(server.asked).toEqual([{ lines: [{ productId: 101, quantity: 2 }, { productId: 102, quantity: 1 }] }]);
  });

  it("plus is refused at the stock limit with 'Cannot add more than available stock'", async () => {
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [quote().mock] });
    const line = await screen.findByRole("article", { name: "Boston Fern" });
    await userEvent.click(within(line).getByRole("button", { name: "Increase quantity of Boston Fern" }));
    expect(within(line).getByTestId("line-quantity")).toHaveTextContent("3");
    await userEvent.click(within(line).getByRole("button", { name: "Increase quantity of Boston Fern" }));
    expect(within(line).getByTestId("line-quantity")).toHaveTextContent("3");
    expect(await screen.findByText("Cannot add more than available stock")).toBeInTheDocument();
    expect(screen.getByTestId("total-quantity")).toHaveTextContent("4");
  });

  it("minus stops at 1", async () => {
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [quote().mock] });
    const line = await screen.findByRole("article", { name: "Steel Shovel" });
    await userEvent.click(within(line).getByRole("button", { name: "Decrease quantity of Steel Shovel" }));
    expect(within(line).getByTestId("line-quantity")).toHaveTextContent("1");
  });

  it("'Remove item' removes the line", async () => {
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [quote().mock] });
    const line = await screen.findByRole("article", { name: "Steel Shovel" });
    await userEvent.click(within(line).getByRole("button", { name: "Remove item" }));
    expect(screen.queryByRole("article", { name: "Steel Shovel" })).not.toBeInTheDocument();
    expect(screen.getByTestId("total-quantity")).toHaveTextContent("2");
  });

  it("Clear Cart empties the cart and removes both session keys", async () => {
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [quote().mock] });
    expect(sessionStorage.getItem(CART_ITEMS_KEY)).not.toBeNull();
    await userEvent.click(await screen.findByRole("button", { name: "Clear Cart" }));
    expect(await screen.findByText("Your cart is empty!")).toBeInTheDocument();
    expect(sessionStorage.getItem(CART_ITEMS_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOTAL_QUANTITY_KEY)).toBeNull();
  });
});

describe("Cart figures: the server's quote (cartQuote), never the client's own sums", () => {
  const summary = () => screen.getByRole("region", { name: "cart Summary" });

  it("while the quote loads, the figures are placeholders on their own lines and the summary is busy", async () => {
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [pricedQuoteServer(todaysPrices, { delay: 1500 }).mock] });
    await screen.findByRole("heading", { name: "cart Summary" });
    expect(summary()).toHaveAttribute("aria-busy", "true");
    expect(screen.getByTestId("subtotal")).not.toHaveTextContent("$");
    expect(within(screen.getByRole("article", { name: "Boston Fern" })).getByTestId("line-price")).not.toHaveTextContent("$");
    // The cart's own count does not wait for the server.
    expect(screen.getByTestId("total-quantity")).toHaveTextContent("3");
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00"));
    expect(summary()).toHaveAttribute("aria-busy", "false");
  });

  it("asks again when the cart changes, once per distinct cart", async () => {
    const server = quote();
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [server.mock] });
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00"));
    const line = screen.getByRole("article", { name: "Boston Fern" });
    await userEvent.click(within(line).getByRole("button", { name: "Increase quantity of Boston Fern" }));
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$99.00"));
    expect(within(line).getByTestId("line-price")).toHaveTextContent("$54.00");
    // Back to a cart already quoted: its answer shows without asking again.
    await userEvent.click(within(line).getByRole("button", { name: "Decrease quantity of Boston Fern" }));
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00"));
    expect(server.asked.map((asked) => asked.lines)).toEqual([
      [{ productId: 101, quantity: 2 }, { productId: 102, quantity: 1 }],
      [{ productId: 101, quantity: 3 }, { productId: 102, quantity: 1 }],
    ]);
  });

  it("a failed quote says so in the summary with 'Try again', which asks again", async () => {
    const server = quote();
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [cartQuoteFailure(), server.mock] });
    expect(await within(await screen.findByRole("region", { name: "cart Summary" })).findByRole("alert")).toHaveTextContent("We could not load the prices.");
    expect(summary()).toHaveAttribute("aria-busy", "false");
    expect(screen.getByTestId("subtotal")).toHaveTextContent("—");
    expect(within(screen.getByRole("article", { name: "Boston Fern" })).getByTestId("line-price")).toHaveTextContent("—");

    await userEvent.click(within(summary()).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00"));
    expect(screen.queryByText("We could not load the prices.")).not.toBeInTheDocument();
    expect(server.asked).toHaveLength(1);
  });

  it("'Proceed to checkout' still works while the quote is failing (checking the cart asks the server again)", async () => {
    const { router } = renderCart({
      route: "/cart",
      path: "/cart",
      cart: filledCart(),
      user: shopper,
      mocks: [cartQuoteFailure(), checkMock()],
      routes: pages,
    });
    await screen.findByText("We could not load the prices.");
    await userEvent.click(screen.getByRole("button", { name: "Proceed to checkout" }));
    expect(await screen.findByRole("heading", { name: "Checkout page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/checkout");
  });

  it("a product the server no longer has says '{name} is no longer available.' in its line, not a price of 0", async () => {
    renderCart({ route: "/cart", path: "/cart", cart: filledCart(), mocks: [pricedQuoteServer({ unitPrices: { 101: 18 } }).mock] });
    const gone = await screen.findByRole("article", { name: "Steel Shovel" });
    expect(await within(gone).findByText("Steel Shovel is no longer available.")).toBeInTheDocument();
    expect(within(gone).queryByTestId("line-price")).not.toBeInTheDocument();
    expect(within(gone).getByRole("button", { name: "Remove item" })).toBeInTheDocument();
    expect(screen.getByTestId("subtotal")).toHaveTextContent("$36.00");
    expect(within(screen.getByRole("article", { name: "Boston Fern" })).getByTestId("line-price")).toHaveTextContent("$36.00");
  });
});

describe("Cart lines of variants", () => {
  const monstera = { id: 7, slug: "monstera-deliciosa", name: "Monstera Deliciosa", imageOne: "/m.svg" };
  const small: CartProduct = { ...monstera, price: 24.99, discountPrice: null, quantity: 9, variantId: 71, sku: "MON-DEL-12", options: [{ name: "Pot size", value: "12 cm" }] };
  const medium: CartProduct = { ...monstera, price: 34.99, discountPrice: 29.99, quantity: 18, variantId: 70, sku: "MON-DEL-17", options: [{ name: "Pot size", value: "17 cm" }] };
  const variantCart = () => {
    const cart = createCartStore({ onRefusal: notifyError });
    cart.dispatch({ type: "add", product: small, cartQuantity: 2 });
    cart.dispatch({ type: "add", product: medium });
    // A line saved before variants: the product alone.
    cart.dispatch({ type: "add", product: shovel });
    return cart;
  };
  const prices = { unitPrices: { 7: 29.99, 102: 45 }, variantPrices: { 71: 24.99, 70: 29.99 } };

  it("two variants of one product are two lines, each with its option values under the name, its own price and controls", async () => {
    renderCart({ route: "/cart", path: "/cart", cart: variantCart(), mocks: [pricedQuoteServer(prices).mock] });
    const smallLine = await screen.findByRole("article", { name: "Monstera Deliciosa (12 cm)" });
    const mediumLine = screen.getByRole("article", { name: "Monstera Deliciosa (17 cm)" });
    expect(within(smallLine).getByText("Pot size: 12 cm")).toBeInTheDocument();
    expect(within(mediumLine).getByText("Pot size: 17 cm")).toBeInTheDocument();
    expect(within(smallLine).getByRole("link", { name: "Monstera Deliciosa" })).toHaveAttribute("href", "/products/monstera-deliciosa?variant=MON-DEL-12");
    expect(await within(smallLine).findByText("$49.98")).toHaveAttribute("data-testid", "line-price");
    expect(within(mediumLine).getByTestId("line-price")).toHaveTextContent("$29.99");
    // A product without options shows its name alone, as before.
    const shovelLine = screen.getByRole("article", { name: "Steel Shovel" });
    expect(within(shovelLine).queryByTestId("chosen-options")).not.toBeInTheDocument();

    await userEvent.click(within(mediumLine).getByRole("button", { name: "Increase quantity of Monstera Deliciosa (17 cm)" }));
    expect(within(mediumLine).getByTestId("line-quantity")).toHaveTextContent("2");
    expect(within(smallLine).getByTestId("line-quantity")).toHaveTextContent("2");
    await userEvent.click(within(smallLine).getByRole("button", { name: "Remove item" }));
    expect(screen.queryByRole("article", { name: "Monstera Deliciosa (12 cm)" })).not.toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Monstera Deliciosa (17 cm)" })).toBeInTheDocument();
  });

  it("asks the quote and the check with each line's variant; a line saved before variants sends its product alone", async () => {
    const server = pricedQuoteServer(prices);
    const check = {
      request: {
        query: CheckCartDocument,
        variables: {
          lines: [
            { productId: 7, variantId: 71, quantity: 2 },
            { productId: 7, variantId: 70, quantity: 1 },
            { productId: 102, quantity: 1 },
          ],
        },
      },
      result: { data: { checkCart: { __typename: "CartCheck", message: "Your cart is ready.", totalQuantity: 4, subtotal: 124.97 } } },
    };
    renderCart({ route: "/cart", path: "/cart", cart: variantCart(), user: shopper, mocks: [server.mock, check], routes: pages });
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$124.97"));
    expect(server.asked[0].lines).toEqual(check.request.variables.lines);
    await userEvent.click(screen.getByRole("button", { name: "Proceed to checkout" }));
    expect(await screen.findByRole("heading", { name: "Checkout page" })).toBeInTheDocument();
  });

  it("a line saved before its product came in several variants says what to choose, links to the choice, and the rest is priced", async () => {
    const mock = pricedQuoteServer({ ...prices, choices: { 102: "Please choose a Size for Steel Shovel." } }).mock;
    renderCart({ route: "/cart", path: "/cart", cart: variantCart(), mocks: [mock] });
    const shovelLine = await screen.findByRole("article", { name: "Steel Shovel" });
    expect(await within(shovelLine).findByText(/Please choose a Size for Steel Shovel\./)).toBeInTheDocument();
    expect(within(shovelLine).getByRole("link", { name: "Choose on the product page" })).toHaveAttribute("href", `/products/${shovel.slug}`);
    expect(within(shovelLine).queryByTestId("line-price")).not.toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Monstera Deliciosa (17 cm)" })).getByTestId("line-price")).toHaveTextContent("$29.99");
  });

  it("a variant no longer on sale says '{name} ({values}) is no longer available.' in its line only", async () => {
    const mock = pricedQuoteServer({ ...prices, variantsOffSale: [71] }).mock;
    renderCart({ route: "/cart", path: "/cart", cart: variantCart(), mocks: [mock] });
    const gone = await screen.findByRole("article", { name: "Monstera Deliciosa (12 cm)" });
    expect(await within(gone).findByText("Monstera Deliciosa (12 cm) is no longer available.")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Monstera Deliciosa (17 cm)" })).getByTestId("line-price")).toHaveTextContent("$29.99");
  });
});

describe("Checkout flow: 'Proceed to checkout' in the cart checks the cart with the server first", () => {
  it("shows a spinner while checking, then goes to /checkout", async () => {
    const { router } = renderCart({ route: "/cart", path: "/cart", cart: filledCart(), user: shopper, mocks: [quote().mock, checkMock({ delay: 100 })], routes: pages });
    const proceed = await screen.findByRole("button", { name: "Proceed to checkout" });
    await userEvent.click(proceed);
    expect(proceed).toHaveAttribute("data-loading", "true");
    expect(await screen.findByRole("heading", { name: "Checkout page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/checkout");
  });

  it("a failure when signed in shows the server's message", async () => {
    renderCart({
      route: "/cart",
      path: "/cart",
      cart: filledCart(),
      user: shopper,
      mocks: [quote().mock, checkMock({ error: "Only 1 left of Boston Fern." })],
      routes: pages,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Proceed to checkout" }));
    expect(await screen.findByText("Only 1 left of Boston Fern.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "cart Summary" })).toBeInTheDocument();
  });

  it("a guest is redirected to /login with 'Please login befor proceeding'", async () => {
    const { router } = renderCart({
      route: "/cart",
      path: "/cart",
      cart: filledCart(),
      mocks: [quote().mock, checkMock({ error: "Please sign in to continue." })],
      routes: pages,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Proceed to checkout" }));
    expect(await screen.findByRole("heading", { name: "Login page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(await screen.findByText("Please login befor proceeding")).toBeInTheDocument();
  });
});

describe("Promotion codes in the cart", () => {
  // The fake shop's codes, as the demo's: 10% off, an expired one, and $... off from a minimum.
  const promotions = {
    codes: {
      SPRING10: { name: "Spring sale: 10% off", percentOff: 10 },
      WINTER5: { refused: "This code has expired." },
      BIG20: { name: "Big basket: 20% off", percentOff: 20, minimum: 100 },
    },
  };
  const shop = () => pricedQuoteServer({ ...todaysPrices, ...promotions });
  const summary = () => screen.getByRole("region", { name: "cart Summary" });
  const codeField = () => within(summary()).getByRole("textbox", { name: "Promotion code" });

  it("without codes taken (acceptsPromotionCodes false) there is no code field, and the summary is as it always was", async () => {
    renderCart({ cart: filledCart(), mocks: [shop().mock, acceptsCodesMock(false)] });
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00"));
    expect(within(summary()).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(summary()).queryByRole("status")).not.toBeInTheDocument();
    // Nothing new: no discount, total, tax or promotions rows.
    expect(within(summary()).queryByText(/Discount|Total$|Includes|VAT|Promotions/)).not.toBeInTheDocument();
    expect(within(summary()).getAllByText(/\$/).map((amount) => amount.textContent)).toEqual(["$81.00"]);
  });

  it("with codes taken, the field shows; nothing applied adds no rows of 0", async () => {
    renderCart({ cart: filledCart(), mocks: [shop().mock, acceptsCodesMock(true)] });
    expect(await within(await screen.findByRole("region", { name: "cart Summary" })).findByRole("textbox", { name: "Promotion code" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00"));
    expect(screen.queryByTestId("discount-total")).not.toBeInTheDocument();
    expect(screen.queryByTestId("cart-total")).not.toBeInTheDocument();
    expect(screen.queryByText("Applied codes")).not.toBeInTheDocument();
  });

  it("Apply (Enter) asks applyCode with the cart's lines; the code is listed with 'Remove code …', the discount, promotion and new total show, and it is said", async () => {
    const server = shop();
    const cart = filledCart();
    renderCart({ cart, mocks: [server.mock, server.applyMock, acceptsCodesMock(true)] });
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00"));
    await userEvent.type(await within(summary()).findByRole("textbox", { name: "Promotion code" }), " spring10{Enter}");

    const applied = await within(summary()).findByRole("list", { name: "Applied codes" });
    expect(within(applied).getByText("SPRING10")).toBeInTheDocument();
    expect(within(applied).getByRole("button", { name: "Remove code SPRING10" })).toBeInTheDocument();
    expect(within(summary()).getByRole("status")).toHaveTextContent("Code SPRING10 applied.");
    expect(codeField()).toHaveValue("");
    // The figures: 10% of $81.00 off, the total after it, and the promotion by name.
    expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00");
    expect(screen.getByTestId("discount-total")).toHaveTextContent("Discount−$8.10");
    expect(screen.getByTestId("cart-total")).toHaveTextContent("Total$72.90");
    // The promotion under the Discount row it makes.
    const promotionsList = within(summary()).getByRole("list", { name: "Promotions in the discount" });
    expect(within(promotionsList).getByRole("listitem")).toHaveTextContent("Spring sale: 10% off−$8.10");
    expect(screen.getByTestId("discount-total").nextElementSibling).toBe(within(summary()).getByRole("list", { name: "Promotions in the discount" }));

    expect(server.applied).toEqual([{ code: "SPRING10", lines: [{ productId: 101, quantity: 2 }, { productId: 102, quantity: 1 }] }]);
    // The answer is the quote with the code: not asked for again.
    expect(server.asked).toHaveLength(1);
    // Kept with the cart, in this tab's storage.
    expect(cart.getState().codes).toEqual(["SPRING10"]);
    expect(JSON.parse(sessionStorage.getItem("promotionCodes")!)).toEqual(["SPRING10"]);
  });

  it("a code that does not apply shows the server's reason at the field (invalid, described by it) and is not kept", async () => {
    const server = shop();
    const cart = filledCart();
    renderCart({ cart, mocks: [server.mock, server.applyMock, acceptsCodesMock(true)] });
    const field = await within(await screen.findByRole("region", { name: "cart Summary" })).findByRole("textbox", { name: "Promotion code" });
    await userEvent.type(field, "WINTER5");
    await userEvent.click(within(summary()).getByRole("button", { name: "Apply" }));

    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription("This code has expired.");
    // Said too, for a screen reader whose focus was on Apply.
    expect(within(summary()).getByRole("status")).toHaveTextContent("This code has expired.");
    expect(field).toHaveFocus();
    expect(field).toHaveValue("WINTER5");
    expect(cart.getState().codes).toEqual([]);
    expect(within(summary()).queryByRole("list", { name: "Applied codes" })).not.toBeInTheDocument();
    // Typing again clears the message.
    await userEvent.type(field, "0");
    expect(field).not.toHaveAttribute("aria-invalid", "true");
  });

  it("too many wrong codes: the server's message shows at the field as it is", async () => {
    const server = shop();
    const message = "Too many codes that do not exist. Please wait 15 minutes before trying another.";
    const throttled = {
      request: { query: ApplyCodeDocument, variables: () => true },
      result: { errors: [new GraphQLError(message, { extensions: { code: "TOO_MANY_REQUESTS" } })] },
    };
    renderCart({ cart: filledCart(), mocks: [server.mock, throttled, acceptsCodesMock(true)] });
    const field = await within(await screen.findByRole("region", { name: "cart Summary" })).findByRole("textbox", { name: "Promotion code" });
    await userEvent.type(field, "GUESS{Enter}");
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute("aria-invalid", "true");
  });

  it("Remove takes the code off: the figures are the ones without it, it is said, and focus goes back to the field", async () => {
    const server = shop();
    const cart = filledCart();
    renderCart({ cart, mocks: [server.mock, server.applyMock, acceptsCodesMock(true)] });
    await waitFor(() => expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00"));
    await userEvent.type(await within(summary()).findByRole("textbox", { name: "Promotion code" }), "SPRING10{Enter}");
    await userEvent.click(await within(summary()).findByRole("button", { name: "Remove code SPRING10" }));

    expect(within(summary()).queryByRole("list", { name: "Applied codes" })).not.toBeInTheDocument();
    expect(within(summary()).getByRole("status")).toHaveTextContent("Code SPRING10 removed.");
    expect(codeField()).toHaveFocus();
    await waitFor(() => expect(screen.queryByTestId("discount-total")).not.toBeInTheDocument());
    expect(screen.queryByTestId("cart-total")).not.toBeInTheDocument();
    expect(screen.getByTestId("subtotal")).toHaveTextContent("$81.00");
    expect(cart.getState().codes).toEqual([]);
    expect(sessionStorage.getItem("promotionCodes")).toBeNull();
  });

  it("a kept code the quote does not apply now (under its minimum) says why beside it", async () => {
    const server = shop();
    const cart = filledCart();
    cart.dispatch({ type: "addCode", code: "BIG20" });
    renderCart({ cart, mocks: [server.mock, acceptsCodesMock(true)] });
    const applied = await within(await screen.findByRole("region", { name: "cart Summary" })).findByRole("list", { name: "Applied codes" });
    expect(await within(applied).findByText("Add $19.00 more to use this code.")).toBeInTheDocument();
    expect(server.asked).toEqual([{ lines: [{ productId: 101, quantity: 2 }, { productId: 102, quantity: 1 }], codes: ["BIG20"] }]);
    expect(screen.queryByTestId("discount-total")).not.toBeInTheDocument();
  });

  it("a shared link ?code=spring10 adds the code to the cart's codes", async () => {
    window.history.replaceState(null, "", "/?code=spring10");
    try {
      const cart = filledCart();
      renderCart({ cart, mocks: [shop().mock, acceptsCodesMock(true)] });
      await waitFor(() => expect(cart.getState().codes).toEqual(["SPRING10"]));
      expect(await screen.findByTestId("discount-total")).toHaveTextContent("−$8.10");
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });

  it("Clear Cart clears the codes with it", async () => {
    const cart = filledCart();
    cart.dispatch({ type: "addCode", code: "SPRING10" });
    renderCart({ cart, mocks: [shop().mock, acceptsCodesMock(true)] });
    await userEvent.click(await screen.findByRole("button", { name: "Clear Cart" }));
    expect(cart.getState().codes).toEqual([]);
    expect(sessionStorage.getItem("promotionCodes")).toBeNull();
  });
});
