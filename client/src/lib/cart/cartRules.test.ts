import { describe, expect, it } from "vitest";
import { applyCartAction, cartReducer, emptyCart, type CartProduct, type CartState } from "./cartRules";

const fern: CartProduct = { id: 1, slug: "boston-fern", name: "Boston Fern", imageOne: "/uploads/fern.jpg", price: 20, discountPrice: 15, quantity: 3 };
const shovel: CartProduct = { id: 2, slug: "shovel", name: "Shovel", imageOne: "/uploads/shovel.jpg", price: 35, discountPrice: null, quantity: 10 };
const soldOut: CartProduct = { ...shovel, id: 3, slug: "sold-out", quantity: 0 };

const withFern = (cartQuantity: number): CartState => ({ cartItems: [{ ...fern, cartQuantity }], totalQuantity: cartQuantity });

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
    const state = cartReducer(cartReducer(withFern(2), { type: "add", product: shovel }), { type: "remove", id: fern.id });
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
    const state = cartReducer(withFern(2), { type: "increase", id: fern.id });
    expect(state.cartItems[0].cartQuantity).toBe(3);
    expect(state.totalQuantity).toBe(3);
  });

  it("is refused with 'Cannot add more than available stock' at the stock limit", () => {
    const outcome = applyCartAction(withFern(3), { type: "increase", id: fern.id });
    expect(outcome.refusal).toBe("Cannot add more than available stock");
    expect(outcome.state).toEqual(withFern(3));
  });
});

describe("Cart: decrease quantity", () => {
  it("is allowed only while cartQuantity is above 1, and adjusts totalQuantity by 1", () => {
    const state = cartReducer(withFern(3), { type: "decrease", id: fern.id });
    expect(state.cartItems[0].cartQuantity).toBe(2);
    expect(state.totalQuantity).toBe(2);
  });

  it("a cart line cannot go below 1 by decrease (no message)", () => {
    const outcome = applyCartAction(withFern(1), { type: "decrease", id: fern.id });
    expect(outcome.refusal).toBeNull();
    expect(outcome.state).toEqual(withFern(1));
  });
});
