import { describe, expect, it } from "vitest";
import { applyCartAction, cartReducer, emptyCart, isSameLine, lineKey, type CartProduct, type CartState } from "./cartRules";

const fern: CartProduct = { id: 1, slug: "boston-fern", name: "Boston Fern", imageOne: "/uploads/fern.jpg", price: 20, discountPrice: 15, quantity: 3 };
const shovel: CartProduct = { id: 2, slug: "shovel", name: "Shovel", imageOne: "/uploads/shovel.jpg", price: 35, discountPrice: null, quantity: 10 };
const soldOut: CartProduct = { ...shovel, id: 3, slug: "sold-out", quantity: 0 };

const withFern = (cartQuantity: number): CartState => ({ cartItems: [{ ...fern, cartQuantity }], totalQuantity: cartQuantity, codes: [] });

describe("Cart: add item", () => {
  it("adding a product whose quantity is 0 is refused with 'Product is out of stock'", () => {
    const outcome = applyCartAction(emptyCart(), { type: "add", product: soldOut });
    expect(outcome.refusal).toBe("Product is out of stock");
    expect(outcome.state).toEqual(emptyCart());
  });

  it("adding a new item uses cartQuantity default 1", () => {
    const { state, refusal } = applyCartAction(emptyCart(), { type: "add", product: fern });
    expect(refusal).toBeNull();
    expect(state.cartItems).toEqual([{ ...fern, cartQuantity: 1 }]);
    expect(state.totalQuantity).toBe(1);
  });

  it("adding a new item is refused with 'Cannot add more than available stock' if the requested cartQuantity exceeds stock", () => {
    const outcome = applyCartAction(emptyCart(), { type: "add", product: fern, cartQuantity: 4 });
    expect(outcome.refusal).toBe("Cannot add more than available stock");
    expect(outcome.state.cartItems).toEqual([]);
  });

  it("adding an item already in the cart raises its cartQuantity by the given amount (default 1)", () => {
    expect(cartReducer(withFern(1), { type: "add", product: fern }).cartItems[0].cartQuantity).toBe(2);
    expect(cartReducer(withFern(1), { type: "add", product: fern, cartQuantity: 2 }).cartItems[0].cartQuantity).toBe(3);
  });

  it("adding an item already in the cart is refused if the total would exceed stock", () => {
    const outcome = applyCartAction(withFern(3), { type: "add", product: fern });
    expect(outcome.refusal).toBe("Cannot add more than available stock");
    expect(outcome.state).toEqual(withFern(3));
  });

  it("the cart may never hold more of a product than its quantity", () => {
    let state = emptyCart();
    for (let i = 0; i < 10; i += 1) state = cartReducer(state, { type: "add", product: fern });
    expect(state.cartItems[0].cartQuantity).toBe(fern.quantity);
  });

  it("totalQuantity is recalculated after add", () => {
    let state = cartReducer(withFern(2), { type: "add", product: shovel, cartQuantity: 4 });
    expect(state.totalQuantity).toBe(6);
    state = cartReducer(state, { type: "add", product: fern });
    expect(state.totalQuantity).toBe(7);
  });
});

describe("Cart: remove item by id", () => {
  it("removes the line and recalculates totalQuantity", () => {
    const state = cartReducer(cartReducer(withFern(2), { type: "add", product: shovel }), { type: "remove", line: lineKey(fern) });
    expect(state.cartItems.map((item) => item.id)).toEqual([shovel.id]);
    expect(state.totalQuantity).toBe(1);
  });
});

describe("Cart: clear", () => {
  it("empties the cart", () => {
    expect(cartReducer(withFern(2), { type: "clear" })).toEqual(emptyCart());
  });
});

describe("Cart: increase quantity", () => {
  it("is allowed only while cartQuantity is below stock, and adjusts totalQuantity by 1", () => {
    const state = cartReducer(withFern(2), { type: "increase", line: lineKey(fern) });
    expect(state.cartItems[0].cartQuantity).toBe(3);
    expect(state.totalQuantity).toBe(3);
  });

  it("is refused with 'Cannot add more than available stock' at the stock limit", () => {
    const outcome = applyCartAction(withFern(3), { type: "increase", line: lineKey(fern) });
    expect(outcome.refusal).toBe("Cannot add more than available stock");
    expect(outcome.state).toEqual(withFern(3));
  });
});

describe("Cart: decrease quantity", () => {
  it("is allowed only while cartQuantity is above 1, and adjusts totalQuantity by 1", () => {
    const state = cartReducer(withFern(3), { type: "decrease", line: lineKey(fern) });
    expect(state.cartItems[0].cartQuantity).toBe(2);
    expect(state.totalQuantity).toBe(2);
  });

  it("a cart line cannot go below 1 by decrease (no message)", () => {
    const outcome = applyCartAction(withFern(1), { type: "decrease", line: lineKey(fern) });
    expect(outcome.refusal).toBeNull();
    expect(outcome.state).toEqual(withFern(1));
  });
});

describe("Cart lines of variants", () => {
  const monstera = { id: 7, slug: "monstera-deliciosa", name: "Monstera Deliciosa", imageOne: "/uploads/monstera.jpg" };
  const small: CartProduct = { ...monstera, price: 24.99, discountPrice: null, quantity: 2, variantId: 71, sku: "MON-DEL-12", options: [{ name: "Pot size", value: "12 cm" }] };
  const medium: CartProduct = { ...monstera, price: 34.99, discountPrice: 29.99, quantity: 18, variantId: 70, sku: "MON-DEL-17", options: [{ name: "Pot size", value: "17 cm" }] };

  it("lines of different variants of one product are separate lines, each with its own stock limit", () => {
    let state = cartReducer(emptyCart(), { type: "add", product: small });
    state = cartReducer(state, { type: "add", product: medium, cartQuantity: 3 });
    state = cartReducer(state, { type: "add", product: small });
    expect(state.cartItems.map((item) => [item.sku, item.cartQuantity])).toEqual([
      ["MON-DEL-12", 2],
      ["MON-DEL-17", 3],
    ]);
    expect(state.totalQuantity).toBe(5);
    expect(applyCartAction(state, { type: "add", product: small }).refusal).toBe("Cannot add more than available stock");
    expect(applyCartAction(state, { type: "increase", line: lineKey(small) }).refusal).toBe("Cannot add more than available stock");
  });

  it("remove, increase and decrease act on one variant's line only", () => {
    let state = cartReducer(cartReducer(emptyCart(), { type: "add", product: small }), { type: "add", product: medium, cartQuantity: 2 });
    state = cartReducer(state, { type: "increase", line: lineKey(medium) });
    state = cartReducer(state, { type: "decrease", line: lineKey(medium) });
    state = cartReducer(state, { type: "increase", line: lineKey(medium) });
    expect(state.cartItems.map((item) => item.cartQuantity)).toEqual([1, 3]);
    state = cartReducer(state, { type: "remove", line: lineKey(small) });
    expect(state.cartItems.map((item) => item.sku)).toEqual(["MON-DEL-17"]);
    expect(state.totalQuantity).toBe(3);
  });

  it("a line saved before variants (the product alone) is its product's only variant's line: adding that variant raises it and names the variant", () => {
    const saved: CartState = { cartItems: [{ ...fern, cartQuantity: 1 }], totalQuantity: 1, codes: [] };
    const fernVariant: CartProduct = { ...fern, variantId: 11, sku: "FERN", options: [] };
    const state = cartReducer(saved, { type: "add", product: fernVariant });
    expect(state.cartItems).toEqual([{ ...fernVariant, cartQuantity: 2 }]);
    expect(isSameLine({ id: 1 }, { id: 1, variantId: 11, options: [] })).toBe(true);
    // A product with options is never an old line's: that line bought its only variant of the time.
    expect(isSameLine({ id: 7 }, small)).toBe(false);
    expect(isSameLine(small, medium)).toBe(false);
    expect(lineKey({ id: 1 })).not.toBe(lineKey({ id: 1, variantId: 1 }));
  });
});
