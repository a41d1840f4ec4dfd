import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MockLink } from "@apollo/client/testing";
import { GraphQLError } from "graphql";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PayForOrderDocument, PlaceOrderDocument } from "../../graphql/generated/graphql";
import type { CartProduct } from "../../lib/cart/cartRules";
import { createCartStore } from "../../lib/cart/cartStore";
import { pricedQuoteServer } from "../../lib/cart/cartQuoteFake";
import { cartQuoteFailure, checkoutOptionsMock, regions, simulatedPayments, stripePayments } from "../../test/fixtures";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { addressFixture, myAddressesMock } from "../../lib/addresses/addressBookFake";
import { CheckoutScreen } from "./CheckoutScreen";

const fern: CartProduct = { id: 101, slug: "boston-fern", name: "Boston Fern", imageOne: "/f.svg", price: 30, discountPrice: 20, quantity: 3 };

function cartWithFern() {
  const cart = createCartStore();
  cart.dispatch({ type: "add", product: fern, cartQuantity: 2 });
  return cart;
}

// Today's prices on the server: the fern's discount price has dropped to $18 since it went into the cart
// (the cart saved $20), so the client's own sums ($40 for two) would be wrong. The fees are the regions'.
const todaysPrices = { unitPrices: { 101: 18 }, fees: Object.fromEntries(regions.map((region) => [region.id, region.fee])) };
const quote = () => pricedQuoteServer(todaysPrices);

const home = [{ path: "/", element: <h1>Home page</h1> }];
const atCheckout = { route: "/checkout", path: "/checkout", routes: home };

function placeOrderMock(calls: Array<Record<string, unknown>>, outcome: { error?: string } = {}) {
  return {
    request: {
      query: PlaceOrderDocument,
      variables: (variables: Record<string, unknown>) => {
        calls.push(variables);
        return true;
      },
    },
    ...(outcome.error
      ? { result: { errors: [{ message: outcome.error }] } }
      : {
          result: {
            data: {
              placeOrder: {
                __typename: "OrderPayload",
                message: "Payment successful and order has been created",
                order: { __typename: "Order", id: 9, orderNumber: "ORD-0009", reference: "X", total: 45, status: "PENDING", payment: null },
              },
            },
          },
        }),
  };
}

afterEach(() => vi.useRealTimers());

async function enterCard(user: ReturnType<typeof userEvent.setup>, card: { number: string; expiry: string; cvc: string; name: string }) {
  await user.click(screen.getByRole("button", { name: "Enter card" }));
  act(() => vi.advanceTimersByTime(2000));
  const dialog = await screen.findByRole("dialog", { name: "Card details" });
  if (card.number) await user.type(within(dialog).getByLabelText("Card number"), card.number);
  if (card.expiry) await user.type(within(dialog).getByLabelText("Expiry (MMYY)"), card.expiry);
  if (card.cvc) await user.type(within(dialog).getByLabelText("CVC"), card.cvc);
  if (card.name) await user.type(within(dialog).getByLabelText("Name on card"), card.name);
  await user.click(within(dialog).getByRole("button", { name: "Save Card" }));
  return dialog;
}

const validCard = { number: "4111111111111111", expiry: "1228", cvc: "123", name: "Ada Gardener" };

describe("Checkout", () => {
  it("content shows only when a user is loaded", async () => {
    renderWithShop(<CheckoutScreen />, { ...atCheckout, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock] });
    expect(await screen.findByText("Please sign in to check out.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Proceed to checkout" })).not.toBeInTheDocument();
  });

  it("shows the loading view while the user loads", async () => {
    renderWithShop(<CheckoutScreen />, { ...atCheckout, session: { loading: true }, mocks: [checkoutOptionsMock(), quote().mock] });
    expect(await screen.findByRole("status", { name: "Loading your account" })).toBeInTheDocument();
  });

  it("the customer block shows name, email, address and phone", async () => {
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock] });
    const block = (await screen.findByRole("heading", { name: "Customer" })).closest("section")!;
    for (const text of [shopper.name, shopper.email, shopper.address!, shopper.phone!]) expect(within(block).getByText(text)).toBeInTheDocument();
    expect(within(block).queryByRole("link", { name: "Update contact details" })).not.toBeInTheDocument();
  });

  it("links to update contact details when phone or address is missing", async () => {
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: { ...shopper, phone: null }, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock] });
    expect(await screen.findByRole("link", { name: "Update contact details" })).toHaveAttribute("href", "/user/update-contact-details");
  });

  it("a delivery region select shows each region's name and fee; the summary adds the fee", async () => {
    const server = quote();
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [checkoutOptionsMock(), server.mock] });
    const select = await screen.findByRole("combobox", { name: "Delivery region" });
    await screen.findByRole("option", { name: "Rest of Oregon ($12.50)" });
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Select a region",
      "Portland Metro ($5.00)",
      "Rest of Oregon ($12.50)",
    ]);
    // The order summary is the server's quote: no region chosen yet, no fee.
    await waitFor(() => expect(screen.getByTestId("items-total")).toHaveTextContent("$36.00"));
    expect(screen.getByText("Items (2)")).toBeInTheDocument();
    expect(screen.getByTestId("delivery-fee")).toHaveTextContent("$0.00");
    expect(screen.getByTestId("order-total")).toHaveTextContent("$36.00");
    // Choosing a region asks again with the region's id.
    await userEvent.selectOptions(select, "2");
    await waitFor(() => expect(screen.getByTestId("delivery-fee")).toHaveTextContent("$12.50"));
    expect(screen.getByTestId("items-total")).toHaveTextContent("$36.00");
    expect(screen.getByTestId("order-total")).toHaveTextContent("$48.50");
    const lines = [{ productId: 101, quantity: 2 }];
    expect(server.asked).toEqual([{ lines }, { lines, regionId: 2 }]);
    // Back to no region: answered from what was asked before.
    await userEvent.selectOptions(select, "");
    await waitFor(() => expect(screen.getByTestId("delivery-fee")).toHaveTextContent("$0.00"));
    expect(server.asked).toHaveLength(2);
  });

  describe("the order summary while the server's quote is not there", () => {
    const summary = () => screen.getByRole("region", { name: "Order summary" });

    it("loading: placeholders in the figures, the summary busy", async () => {
      renderWithShop(<CheckoutScreen />, {
        ...atCheckout,
        user: shopper,
        cart: cartWithFern(),
        mocks: [checkoutOptionsMock(), pricedQuoteServer(todaysPrices, { delay: 1500 }).mock],
      });
      await screen.findByRole("heading", { name: "Order summary" });
      expect(summary()).toHaveAttribute("aria-busy", "true");
      for (const figure of ["items-total", "delivery-fee", "order-total"]) expect(screen.getByTestId(figure)).not.toHaveTextContent("$");
      await waitFor(() => expect(screen.getByTestId("order-total")).toHaveTextContent("$36.00"));
      expect(summary()).toHaveAttribute("aria-busy", "false");
    });

    it("failed: 'We could not load the prices.' with 'Try again', which asks again", async () => {
      const server = quote();
      renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [checkoutOptionsMock(), cartQuoteFailure(), server.mock] });
      expect(await within(await screen.findByRole("region", { name: "Order summary" })).findByRole("alert")).toHaveTextContent(
        "We could not load the prices.",
      );
      expect(summary()).toHaveAttribute("aria-busy", "false");
      for (const figure of ["items-total", "delivery-fee", "order-total"]) expect(screen.getByTestId(figure)).toHaveTextContent("—");
      await userEvent.click(within(summary()).getByRole("button", { name: "Try again" }));
      await waitFor(() => expect(screen.getByTestId("order-total")).toHaveTextContent("$36.00"));
      expect(screen.queryByText("We could not load the prices.")).not.toBeInTheDocument();
      expect(server.asked).toEqual([{ lines: [{ productId: 101, quantity: 2 }] }]);
    });

    it("while the quote keeps failing, the order can still be placed (the server prices it)", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const calls: Array<Record<string, unknown>> = [];
      renderWithShop(<CheckoutScreen />, {
        ...atCheckout,
        user: shopper,
        cart: cartWithFern(),
        mocks: [checkoutOptionsMock(), cartQuoteFailure(Number.POSITIVE_INFINITY), placeOrderMock(calls)],
      });
      await screen.findByText("We could not load the prices.");
      await user.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
      await enterCard(user, validCard);
      expect(screen.getByText("We could not load the prices.")).toBeInTheDocument();
      await user.click(within(summary()).getByRole("button", { name: "Proceed to checkout" }));
      expect(await screen.findByText("Payment successful and order has been created")).toBeInTheDocument();
      expect(calls).toHaveLength(1);
    });

    it("a product the server no longer has is named: '{name} is no longer available.'", async () => {
      renderWithShop(<CheckoutScreen />, {
        ...atCheckout,
        user: shopper,
        cart: cartWithFern(),
        mocks: [checkoutOptionsMock(), pricedQuoteServer({ unitPrices: {} }).mock],
      });
      expect(await within(await screen.findByRole("region", { name: "Order summary" })).findByText("Boston Fern is no longer available.")).toBeInTheDocument();
      expect(screen.getByTestId("items-total")).toHaveTextContent("$0.00");
      expect(screen.getByText("Items (0)")).toBeInTheDocument();
    });
  });

  it("'Enter card' shows a spinner for 2 seconds, then opens the card modal with a live preview", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock] });
    const button = await screen.findByRole("button", { name: "Enter card" });
    await user.click(button);
    expect(button).toHaveAttribute("data-loading", "true");
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByRole("dialog", { name: "Card details" })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    const dialog = await screen.findByRole("dialog", { name: "Card details" });
    await user.type(within(dialog).getByLabelText("Card number"), "3782");
    expect(within(dialog).getByTestId("card-preview")).toHaveAttribute("data-issuer", "american express");
  });

  it("Save Card refuses invalid details with 'Please enter valid card details.' and keeps the modal open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock] });
    await screen.findByRole("button", { name: "Enter card" });
    const dialog = await enterCard(user, { ...validCard, cvc: "12" });
    expect(await screen.findByText("Please enter valid card details.")).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    // The field to fix says why beside it and takes focus; the others stay as they were.
    const cvc = within(dialog).getByLabelText("CVC");
    expect(cvc).toHaveAttribute("aria-invalid", "true");
    expect(cvc).toHaveAccessibleDescription("Enter the 3 digits on the back of the card.");
    await waitFor(() => expect(cvc).toHaveFocus());
    expect(within(dialog).getByLabelText("Card number")).not.toHaveAttribute("aria-invalid", "true");
    await user.type(cvc, "3");
    expect(cvc).not.toHaveAttribute("aria-invalid", "true");
  });

  it("Save Card closes the modal when the card is valid with 'Card details saved successfully!'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock] });
    await screen.findByRole("button", { name: "Enter card" });
    await enterCard(user, validCard);
    expect(await screen.findByText("Card details saved successfully!")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Card details" })).not.toBeInTheDocument();
    expect(screen.getByTestId("saved-card")).toHaveTextContent("4111 1111 1111 1111");
  });

  describe("Checkout checks, in this order", () => {
    it("(1) without card details: 'Please enter your card details before proceeding.'", async () => {
      renderWithShop(<CheckoutScreen />, { ...atCheckout, user: { ...shopper, phone: null }, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock] });
      await userEvent.click(await screen.findByRole("button", { name: "Proceed to checkout" }));
      // As a notification, and beside Enter card, which takes focus.
      await waitFor(() => expect(screen.getAllByText("Please enter your card details before proceeding.")).toHaveLength(2));
      const enterCardButton = screen.getByRole("button", { name: "Enter card" });
      expect(enterCardButton).toHaveAccessibleDescription("Please enter your card details before proceeding.");
      await waitFor(() => expect(enterCardButton).toHaveFocus());
      expect(screen.queryByText("Please update your contact information.")).not.toBeInTheDocument();
    });

    it("(2) without phone or address: 'Please update your contact information.'", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithShop(<CheckoutScreen />, { ...atCheckout, user: { ...shopper, address: null }, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock] });
      await screen.findByRole("button", { name: "Enter card" });
      await enterCard(user, validCard);
      await user.click(screen.getByRole("button", { name: "Proceed to checkout" }));
      await waitFor(() => expect(screen.getAllByText("Please update your contact information.")).toHaveLength(2));
      const contactLink = screen.getByRole("link", { name: "Update contact details" });
      expect(contactLink).toHaveAccessibleDescription("Please update your contact information.");
      await waitFor(() => expect(contactLink).toHaveFocus());
    });

    it("(3) without a region: 'Please select a delivery region'", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock] });
      await screen.findByRole("button", { name: "Enter card" });
      await enterCard(user, validCard);
      await user.click(screen.getByRole("button", { name: "Proceed to checkout" }));
      await waitFor(() => expect(screen.getAllByText("Please select a delivery region")).toHaveLength(2));
      const region = screen.getByLabelText("Delivery region");
      expect(region).toHaveAttribute("aria-invalid", "true");
      expect(region).toHaveAccessibleDescription("Please select a delivery region");
      await waitFor(() => expect(region).toHaveFocus());
    });
  });

  it("places the order (card details never sent), then clears the cart, goes home and says 'Payment successful and order has been created'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls: Array<Record<string, unknown>> = [];
    const cart = cartWithFern();
    const { router } = renderWithShop(<CheckoutScreen />, {
      ...atCheckout,
      user: shopper,
      cart,
      mocks: [checkoutOptionsMock(), quote().mock, placeOrderMock(calls)],
    });
    await screen.findByRole("option", { name: "Portland Metro ($5.00)" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
    await enterCard(user, validCard);
    await user.click(screen.getByRole("button", { name: "Proceed to checkout" }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(await screen.findByText("Payment successful and order has been created")).toBeInTheDocument();
    expect(cart.getState()).toEqual({ cartItems: [], totalQuantity: 0, codes: [] });
    const input = calls[0].input as { reference: string; regionId: number; lines: unknown[] };
    expect(input.regionId).toBe(1);
    expect(input.lines).toEqual([{ productId: 101, quantity: 2 }]);
    expect(input.reference).toMatch(/^[A-Z0-9]{16}$/);
    expect(JSON.stringify(calls)).not.toContain("4111111111111111");
  });

  it("places an order of variants with each line's variant", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls: Array<Record<string, unknown>> = [];
    const cart = cartWithFern();
    const monstera: CartProduct = { id: 7, slug: "monstera-deliciosa", name: "Monstera Deliciosa", imageOne: "/m.svg", price: 24.99, discountPrice: null, quantity: 9, variantId: 71, sku: "MON-DEL-12", options: [{ name: "Pot size", value: "12 cm" }] };
    cart.dispatch({ type: "add", product: monstera });
    renderWithShop(<CheckoutScreen />, {
      ...atCheckout,
      user: shopper,
      cart,
      mocks: [checkoutOptionsMock(), pricedQuoteServer({ ...todaysPrices, unitPrices: { 101: 18, 7: 24.99 } }).mock, placeOrderMock(calls)],
    });
    await screen.findByRole("option", { name: "Portland Metro ($5.00)" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
    await enterCard(user, validCard);
    await user.click(screen.getByRole("button", { name: "Proceed to checkout" }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect((calls[0].input as { lines: unknown[] }).lines).toEqual([
      { productId: 101, quantity: 2 },
      { productId: 7, variantId: 71, quantity: 1 },
    ]);
  });

  it("a failed order shows the error's message and keeps the cart", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const cart = cartWithFern();
    renderWithShop(<CheckoutScreen />, {
      ...atCheckout,
      user: shopper,
      cart,
      mocks: [checkoutOptionsMock(), quote().mock, placeOrderMock([], { error: "Only 1 left of Boston Fern." })],
    });
    await screen.findByRole("option", { name: "Portland Metro ($5.00)" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
    await enterCard(user, validCard);
    await user.click(screen.getByRole("button", { name: "Proceed to checkout" }));
    expect(await screen.findByText("Only 1 left of Boston Fern.")).toBeInTheDocument();
    expect(cart.getState().totalQuantity).toBe(2);
  });

  it("an empty cart has nothing to check out, and the page still says where it is (its heading and the tab's title)", async () => {
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, mocks: [checkoutOptionsMock(), quote().mock] });
    expect(await screen.findByText("Your cart is empty!")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Checkout" })).toBeInTheDocument();
    expect(document.title).toBe("Checkout · Verdant");
  });
});

describe("Checkout with promotions and tax", () => {
  const promotions = {
    codes: { SPRING10: { name: "Spring sale: 10% off", percentOff: 10 }, WINTER5: { refused: "This code has expired." } },
    freeDelivery: { name: "Free delivery over $30", minimum: 30 },
  };
  const vat = (pricesIncludeTax: boolean) => ({ tax: { name: "VAT 20%", rate: 20, pricesIncludeTax } });
  const summary = () => screen.getByRole("region", { name: "Order summary" });
  const cartWithCode = (code = "SPRING10") => {
    const cart = cartWithFern();
    cart.dispatch({ type: "addCode", code });
    return cart;
  };
  /** The summary's rows, top to bottom, as read. */
  const rows = () => Array.from(summary().querySelectorAll("[data-testid]"), (row) => row.textContent);

  async function checkoutIn(region: string, server: ReturnType<typeof pricedQuoteServer>, cart = cartWithCode(), extra: MockLink.MockedResponse[] = []) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const rendered = renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart, mocks: [checkoutOptionsMock(), server.mock, ...extra] });
    await screen.findByRole("option", { name: "Portland Metro ($5.00)" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), region);
    return { user, ...rendered };
  }

  it("asks the quote with the cart's codes: the discount and the delivery discount, each with its promotion under it, the total and 'Includes VAT 20%' under it", async () => {
    const server = pricedQuoteServer({ ...todaysPrices, ...promotions, ...vat(true) });
    await checkoutIn("1", server);
    // $36.00 of items, 10% off ($3.60), delivery $5.00 taken off; the $32.40 paid holds 20% VAT ($5.40).
    await waitFor(() => expect(screen.getByTestId("order-total")).toHaveTextContent("$32.40"));
    expect(rows()).toEqual([
      "$36.00",
      "Discount−$3.60",
      "Spring sale: 10% off−$3.60",
      "$5.00",
      "Delivery discount−$5.00",
      "Free delivery over $30−$5.00",
      "$32.40",
      "Includes VAT 20%$5.40",
    ]);
    expect(screen.queryByTestId("added-tax")).not.toBeInTheDocument();
    expect(server.asked.at(-1)).toEqual({ lines: [{ productId: 101, quantity: 2 }], regionId: 1, codes: ["SPRING10"] });
  });

  it("prices without tax: 'VAT 20%' is added before the total", async () => {
    await checkoutIn("1", pricedQuoteServer({ ...todaysPrices, ...promotions, ...vat(false) }));
    await waitFor(() => expect(screen.getByTestId("order-total")).toHaveTextContent("$38.88"));
    expect(rows()).toEqual(["$36.00", "Discount−$3.60", "Spring sale: 10% off−$3.60", "$5.00", "Delivery discount−$5.00", "Free delivery over $30−$5.00", "VAT 20%$6.48", "$38.88"]);
    expect(screen.queryByTestId("included-tax")).not.toBeInTheDocument();
  });

  it("without promotions or tax the summary has only its three figures", async () => {
    await checkoutIn("1", pricedQuoteServer(todaysPrices), cartWithFern());
    await waitFor(() => expect(screen.getByTestId("order-total")).toHaveTextContent("$41.00"));
    expect(rows()).toEqual(["$36.00", "$5.00", "$41.00"]);
  });

  it("places the order with the codes; they go with the cart", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const cart = cartWithCode();
    const { user } = await checkoutIn("1", pricedQuoteServer({ ...todaysPrices, ...promotions }), cart, [placeOrderMock(calls)]);
    await enterCard(user, validCard);
    await user.click(within(summary()).getByRole("button", { name: "Proceed to checkout" }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect((calls[0].input as { codes: string[] }).codes).toEqual(["SPRING10"]);
    expect(cart.getState().codes).toEqual([]);
    expect(sessionStorage.getItem("promotionCodes")).toBeNull();
  });

  it("a code placeOrder refuses (BAD_USER_INPUT at code) is said in words with a link back to the cart, which takes focus; nothing is cleared", async () => {
    const refused = {
      request: { query: PlaceOrderDocument, variables: () => true },
      result: { errors: [new GraphQLError("This code has been used up.", { extensions: { code: "BAD_USER_INPUT", fields: { code: ["This code has been used up."] } } })] },
    };
    const cart = cartWithCode();
    const { user } = await checkoutIn("1", pricedQuoteServer({ ...todaysPrices, ...promotions }), cart, [refused]);
    await enterCard(user, validCard);
    await user.click(within(summary()).getByRole("button", { name: "Proceed to checkout" }));
    expect(await within(summary()).findByRole("alert")).toHaveTextContent("This code has been used up.");
    const back = within(summary()).getByRole("link", { name: "Change your codes in the cart" });
    expect(back).toHaveAttribute("href", "/cart");
    await waitFor(() => expect(back).toHaveFocus());
    expect(cart.getState().codes).toEqual(["SPRING10"]);
    expect(cart.getState().totalQuantity).toBe(2);
  });

  it("a code the quote does not apply is named with its reason and the link back to the cart", async () => {
    await checkoutIn("1", pricedQuoteServer({ ...todaysPrices, ...promotions }), cartWithCode("WINTER5"));
    expect(await within(summary()).findByText("Code WINTER5: This code has expired.")).toBeInTheDocument();
    expect(within(summary()).getByRole("link", { name: "Change your codes in the cart" })).toHaveAttribute("href", "/cart");
    expect(screen.queryByTestId("discount-total")).not.toBeInTheDocument();
  });
});

describe("Checkout when the shop takes payment on Stripe's page (shopPayments.paysOutside)", () => {
  const stripeUrl = "https://checkout.stripe.test/c/pay/cs_test_9";
  const awaitingAnswer = (payment: { url: string } | null) => ({
    data: {
      placeOrder: {
        __typename: "OrderPayload",
        message: "Your order is placed: complete the payment to confirm it.",
        order: {
          __typename: "Order",
          id: 9,
          orderNumber: "ORD-0009",
          reference: "X",
          total: 45,
          status: "AWAITING_PAYMENT",
          payment: payment && { __typename: "OrderPaymentView", ...payment },
        },
      },
    },
  });
  const placeAwaiting = (calls: Array<Record<string, unknown>>, payment: { url: string } | null = { url: stripeUrl }) => ({
    request: { query: PlaceOrderDocument, variables: (variables: Record<string, unknown>) => (calls.push(variables), true) },
    result: awaitingAnswer(payment),
  });
  const payForOrder = (answer: object, asked: Array<Record<string, unknown>> = []) => ({
    request: { query: PayForOrderDocument, variables: (variables: Record<string, unknown>) => (asked.push(variables), true) },
    result: answer,
  });
  const stripe = () => checkoutOptionsMock({ payments: stripePayments });
  const orderPage = { path: "/user/order/:orderNumber", element: <h1>Order page</h1> };

  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // Notifications live in a module-wide store: an earlier test's toasts must not count here.
    notifications.clean();
    assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("with the simulated payments (paysOutside false) the card form stays: 'Enter card', 'Proceed to checkout', no word of Stripe", async () => {
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [checkoutOptionsMock({ payments: simulatedPayments }), quote().mock] });
    await screen.findByRole("option", { name: "Portland Metro ($5.00)" });
    expect(screen.getByRole("button", { name: "Enter card" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Proceed to checkout" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Continue to payment" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Stripe/)).not.toBeInTheDocument();
  });

  it("no card form: the payment section says where the shopper pays and how long the items are held, and the button reads 'Continue to payment'", async () => {
    renderWithShop(<CheckoutScreen />, {
      ...atCheckout,
      user: shopper,
      cart: cartWithFern(),
      mocks: [checkoutOptionsMock({ payments: { ...stripePayments, holdMinutes: 45 } }), quote().mock],
    });
    const section = await screen.findByRole("region", { name: "Payment method" });
    expect(await within(section).findByText("You will pay securely on Stripe's page. We hold your items for 45 minutes.")).toBeInTheDocument();
    expect(within(section).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Enter card" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue to payment" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Proceed to checkout" })).not.toBeInTheDocument();
  });

  it("asks for no card: the checks start at the contact details, then the region", async () => {
    const calls: Array<Record<string, unknown>> = [];
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [stripe(), quote().mock, placeAwaiting(calls)] });
    await screen.findByText(/You will pay securely on Stripe's page/);
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(screen.getAllByText("Please select a delivery region")).toHaveLength(2));
    expect(screen.queryByText("Please enter your card details before proceeding.")).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it("places the order, empties the cart before leaving (the order holds the items now) and goes to the order's payment page", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const cart = cartWithFern();
    cart.dispatch({ type: "addCode", code: "SPRING10" });
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart, mocks: [stripe(), quote().mock, placeAwaiting(calls)] });
    await screen.findByText(/You will pay securely on Stripe's page/);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripeUrl));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect((calls[0].input as { regionId: number; lines: unknown[] }).lines).toEqual([{ productId: 101, quantity: 2 }]);
    expect(cart.getState()).toEqual({ cartItems: [], totalQuantity: 0, codes: [] });
    // While the browser loads the provider's page, this one says where it is going (not 'Your cart is empty!').
    expect(screen.getByRole("status", { name: "Taking you to the payment page" })).toBeInTheDocument();
    expect(screen.queryByText("Your cart is empty!")).not.toBeInTheDocument();
    expect(await screen.findByText("Your order is placed: complete the payment to confirm it.")).toBeInTheDocument();
    expect(screen.queryByText("Payment successful and order has been created")).not.toBeInTheDocument();
  });

  it("the answer's order decides: an order placed AWAITING_PAYMENT goes to its payment page even when the page still showed the card form", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [checkoutOptionsMock(), quote().mock, placeAwaiting([])] });
    await screen.findByRole("option", { name: "Portland Metro ($5.00)" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
    await enterCard(user, validCard);
    await user.click(screen.getByRole("button", { name: "Proceed to checkout" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripeUrl));
  });

  it("placeOrder without a payment page (the provider failed just then): payForOrder opens one, and the shopper goes there", async () => {
    const asked: Array<Record<string, unknown>> = [];
    const opened = { data: { payForOrder: { __typename: "OrderPaymentView", provider: "stripe", state: "open", url: `${stripeUrl}-again`, expiresAt: "2026-03-02T10:30:00.000Z" } } };
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart: cartWithFern(), mocks: [stripe(), quote().mock, placeAwaiting([], null), payForOrder(opened, asked)] });
    await screen.findByText(/You will pay securely on Stripe's page/);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${stripeUrl}-again`));
    expect(asked).toEqual([{ id: 9 }]);
  });

  it("no payment page at all (the provider out of reach): the shopper goes to the order's page, told why, where 'Pay now' tries again; the cart is empty (the order holds the items)", async () => {
    const unavailable = { errors: [new GraphQLError("The payment page could not be opened just now. Please try again in a moment.", { extensions: { code: "SERVICE_UNAVAILABLE" } })] };
    const cart = cartWithFern();
    const { router } = renderWithShop(<CheckoutScreen />, {
      ...atCheckout,
      routes: [...home, orderPage],
      user: shopper,
      cart,
      mocks: [stripe(), quote().mock, placeAwaiting([], null), payForOrder(unavailable)],
    });
    await screen.findByText(/You will pay securely on Stripe's page/);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByRole("heading", { name: "Order page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/user/order/ORD-0009");
    expect(await screen.findByText("The payment page could not be opened just now. Please try again in a moment.")).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(cart.getState().totalQuantity).toBe(0);
  });

  it("a refused order shows the server's words, keeps the cart and stays (busy meanwhile)", async () => {
    const cart = cartWithFern();
    const refused = { ...placeOrderMock([], { error: "Only 1 left of Boston Fern." }), delay: 300 };
    renderWithShop(<CheckoutScreen />, { ...atCheckout, user: shopper, cart, mocks: [stripe(), quote().mock, refused] });
    await screen.findByText(/You will pay securely on Stripe's page/);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
    const button = screen.getByRole("button", { name: "Continue to payment" });
    await userEvent.click(button);
    expect(button).toHaveAttribute("data-loading", "true");
    expect(await screen.findByText("Only 1 left of Boston Fern.")).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute("data-loading"));
    expect(cart.getState().totalQuantity).toBe(2);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("Checkout with an address book: 'Deliver to' when the shopper has more than one address", () => {
  const homeAddress = addressFixture(1, { label: "Home", name: shopper.name, phone: shopper.phone!, address: shopper.address!, regionId: 1, isDefault: true });
  const cabin = addressFixture(2, { label: "Cabin", name: "Bo Gardener", phone: "+1 555 0177", address: "5 Pine Road, Bend", regionId: 2 });
  const book = (addresses: ReturnType<typeof addressFixture>[]) => myAddressesMock(shopper.id, addresses, { times: Number.POSITIVE_INFINITY });

  async function placeWith(user: ReturnType<typeof userEvent.setup>) {
    await enterCard(user, validCard);
    await user.click(screen.getByRole("button", { name: "Proceed to checkout" }));
    expect(await screen.findByText("Payment successful and order has been created")).toBeInTheDocument();
  }

  it("lists the addresses, the default first and chosen; choosing another picks its region and the order names it (addressId)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls: Array<Record<string, unknown>> = [];
    renderWithShop(<CheckoutScreen />, {
      ...atCheckout,
      user: shopper,
      cart: cartWithFern(),
      mocks: [checkoutOptionsMock(), quote().mock, book([cabin, homeAddress]), placeOrderMock(calls)],
    });
    const deliverTo = await screen.findByRole("combobox", { name: "Deliver to" });
    expect(within(deliverTo).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Home: Ada Gardener, 1 Fern Street, Portland (default)",
      "Cabin: Bo Gardener, 5 Pine Road, Bend",
    ]);
    expect(deliverTo).toHaveValue("1");
    const region = screen.getByRole("combobox", { name: "Delivery region" });
    await screen.findByRole("option", { name: "Rest of Oregon ($12.50)" });
    expect(region).toHaveValue("");

    await user.selectOptions(deliverTo, "2");
    expect(region).toHaveValue("2");
    expect(deliverTo).toHaveAccessibleDescription("Bo Gardener, +1 555 0177");
    await waitFor(() => expect(screen.getByTestId("delivery-fee")).toHaveTextContent("$12.50"));
    // The region stays the shopper's to change.
    await user.selectOptions(region, "1");
    expect(region).toHaveValue("1");

    await placeWith(user);
    expect(calls).toHaveLength(1);
    const input = calls[0].input as { addressId?: number; regionId: number };
    expect(input.addressId).toBe(2);
    expect(input.regionId).toBe(1);
  });

  it("keeping the default sends no addressId (the order uses the account's contact details)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls: Array<Record<string, unknown>> = [];
    renderWithShop(<CheckoutScreen />, {
      ...atCheckout,
      user: shopper,
      cart: cartWithFern(),
      mocks: [checkoutOptionsMock(), quote().mock, book([homeAddress, cabin]), placeOrderMock(calls)],
    });
    const deliverTo = await screen.findByRole("combobox", { name: "Deliver to" });
    // There and back: the default again.
    await user.selectOptions(deliverTo, "2");
    await user.selectOptions(deliverTo, "1");
    expect(screen.getByRole("combobox", { name: "Delivery region" })).toHaveValue("1");
    await placeWith(user);
    expect(calls).toHaveLength(1);
    expect(calls[0].input).not.toHaveProperty("addressId");
  });

  it("with one address there is no choice and the order sends no addressId", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls: Array<Record<string, unknown>> = [];
    const asked = book([homeAddress]);
    let bookAsked = 0;
    const countedBook = { ...asked, result: () => ((bookAsked += 1), (asked as { result: object }).result) };
    renderWithShop(<CheckoutScreen />, {
      ...atCheckout,
      user: shopper,
      cart: cartWithFern(),
      mocks: [checkoutOptionsMock(), quote().mock, countedBook as typeof asked, placeOrderMock(calls)],
    });
    await screen.findByRole("option", { name: "Portland Metro ($5.00)" });
    await waitFor(() => expect(bookAsked).toBe(1));
    expect(screen.queryByRole("combobox", { name: "Deliver to" })).not.toBeInTheDocument();
    // No region picked for the shopper: the spec's checkout.
    expect(screen.getByRole("combobox", { name: "Delivery region" })).toHaveValue("");
    await user.selectOptions(screen.getByRole("combobox", { name: "Delivery region" }), "1");
    await placeWith(user);
    expect(calls).toHaveLength(1);
    expect(calls[0].input).not.toHaveProperty("addressId");
  });

  it("an address placeOrder refuses ('The selected address is invalid.') is said under the choice, which takes focus", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const message = "The selected address is invalid.";
    renderWithShop(<CheckoutScreen />, {
      ...atCheckout,
      user: shopper,
      cart: cartWithFern(),
      mocks: [
        checkoutOptionsMock(),
        quote().mock,
        book([homeAddress, cabin]),
        {
          request: { query: PlaceOrderDocument, variables: () => true },
          result: { errors: [{ message, extensions: { code: "BAD_USER_INPUT", fields: { address: [message] } } }] },
        },
      ],
    });
    const deliverTo = await screen.findByRole("combobox", { name: "Deliver to" });
    await user.selectOptions(deliverTo, "2");
    await enterCard(user, validCard);
    await user.click(screen.getByRole("button", { name: "Proceed to checkout" }));
    await waitFor(() => expect(deliverTo).toHaveAttribute("aria-invalid", "true"));
    expect(deliverTo).toHaveAccessibleDescription(expect.stringContaining(message));
    await waitFor(() => expect(deliverTo).toHaveFocus());
  });
});
