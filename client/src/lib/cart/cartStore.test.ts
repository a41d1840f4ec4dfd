import { beforeEach, describe, expect, it, vi } from "vitest";
import { lineKey, type CartProduct } from "./cartRules";
import { loadCart, CART_ITEMS_KEY, PROMOTION_CODES_KEY, TOTAL_QUANTITY_KEY } from "./cartStorage";
import { createCartStore } from "./cartStore";

const fern: CartProduct = { id: 1, slug: "boston-fern", name: "Boston Fern", imageOne: "/uploads/fern.jpg", price: 20, discountPrice: null, quantity: 2 };

describe("Cart persistence: session storage under the keys cartItems and totalQuantity", () => {
  beforeEach(() => sessionStorage.clear());

  it("persists the cart and total after every change", () => {
    const store = createCartStore();
    store.dispatch({ type: "add", product: fern });
    expect(JSON.parse(sessionStorage.getItem(CART_ITEMS_KEY)!)).toEqual([{ ...fern, cartQuantity: 1 }]);
    expect(sessionStorage.getItem(TOTAL_QUANTITY_KEY)).toBe("1");
    store.dispatch({ type: "increase", line: lineKey(fern) });
    expect(sessionStorage.getItem(TOTAL_QUANTITY_KEY)).toBe("2");
  });

  it("restores the cart on load", () => {
    createCartStore().dispatch({ type: "add", product: fern, cartQuantity: 2 });
    const restored = createCartStore();
    expect(restored.getState().totalQuantity).toBe(2);
    expect(restored.getState().cartItems[0].name).toBe("Boston Fern");
  });

  it("clearing the cart removes both keys", () => {
    const store = createCartStore();
    store.dispatch({ type: "add", product: fern });
    store.dispatch({ type: "clear" });
    expect(sessionStorage.getItem(CART_ITEMS_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOTAL_QUANTITY_KEY)).toBeNull();
    expect(store.getState().cartItems).toEqual([]);
  });

  it("starts empty when the saved cart cannot be read", () => {
    sessionStorage.setItem(CART_ITEMS_KEY, "{not json");
    expect(loadCart()).toEqual({ cartItems: [], totalQuantity: 0, codes: [] });
    sessionStorage.setItem(CART_ITEMS_KEY, JSON.stringify([{ id: "x" }]));
    expect(loadCart()).toEqual({ cartItems: [], totalQuantity: 0, codes: [] });
  });

  it("a cart saved before variants (lines without a variant) is restored as it was; a line's variant and option values are kept", () => {
    sessionStorage.setItem(CART_ITEMS_KEY, JSON.stringify([{ ...fern, cartQuantity: 2 }]));
    expect(loadCart().cartItems).toEqual([{ ...fern, cartQuantity: 2 }]);
    const monstera: CartProduct = { ...fern, id: 7, name: "Monstera Deliciosa", variantId: 71, sku: "MON-DEL-12", options: [{ name: "Pot size", value: "12 cm" }] };
    createCartStore().dispatch({ type: "add", product: monstera });
    expect(createCartStore().getState().cartItems).toEqual([{ ...fern, cartQuantity: 2 }, { ...monstera, cartQuantity: 1 }]);
    sessionStorage.setItem(CART_ITEMS_KEY, JSON.stringify([{ ...monstera, cartQuantity: 1, options: "12 cm" }]));
    expect(loadCart().cartItems).toEqual([]);
  });

  it("keeps promotion codes under promotionCodes while there are some (even before any item), and clearing the cart removes them", () => {
    const store = createCartStore();
    store.dispatch({ type: "addCode", code: "spring10" });
    expect(JSON.parse(sessionStorage.getItem(PROMOTION_CODES_KEY)!)).toEqual(["SPRING10"]);
    expect(createCartStore().getState().codes).toEqual(["SPRING10"]);
    store.dispatch({ type: "add", product: fern });
    expect(createCartStore().getState()).toEqual({ cartItems: [{ ...fern, cartQuantity: 1 }], totalQuantity: 1, codes: ["SPRING10"] });
    store.dispatch({ type: "removeCode", code: "SPRING10" });
    expect(sessionStorage.getItem(PROMOTION_CODES_KEY)).toBeNull();
    store.dispatch({ type: "addCode", code: "BIG20" });
    store.dispatch({ type: "clear" });
    expect(sessionStorage.getItem(PROMOTION_CODES_KEY)).toBeNull();
    expect(store.getState().codes).toEqual([]);
  });

  it("a code already kept changes nothing and tells no subscriber", () => {
    const store = createCartStore();
    store.dispatch({ type: "addCode", code: "SPRING10" });
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: "addCode", code: "spring10" });
    expect(listener).not.toHaveBeenCalled();
  });

  it("recounts totalQuantity when the saved total is missing or disagrees", () => {
    sessionStorage.setItem(CART_ITEMS_KEY, JSON.stringify([{ ...fern, cartQuantity: 2 }]));
    sessionStorage.setItem(TOTAL_QUANTITY_KEY, "9");
    expect(loadCart().totalQuantity).toBe(2);
  });

  it("reports a refusal and leaves storage and subscribers alone", () => {
    const onRefusal = vi.fn();
    const store = createCartStore({ onRefusal });
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: "add", product: { ...fern, quantity: 0 } });
    expect(onRefusal).toHaveBeenCalledWith("Product is out of stock");
    expect(listener).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CART_ITEMS_KEY)).toBeNull();
  });

  it("tells subscribers about every change", () => {
    const store = createCartStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.dispatch({ type: "add", product: fern });
    unsubscribe();
    store.dispatch({ type: "increase", line: lineKey(fern) });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
