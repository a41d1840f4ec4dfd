import { describe, expect, it } from "vitest";
import { pageAddress } from "./pageAddress";

describe("the address a page is drawn for", () => {
  it("keeps the path and the search text, sort and filters, in their order", () => {
    expect(pageAddress("/search?sort=price-lowest&q=fern&price=10-25&inStock=1&discounted=1&category=Ferns")).toBe(
      "/search?sort=price-lowest&q=fern&price=10-25&inStock=1&discounted=1&category=Ferns",
    );
    expect(pageAddress("/categories/Indoor%20Plants")).toBe("/categories/Indoor%20Plants");
  });

  it("drops what no screen reads: tracking tags, anything made up, an empty query and the fragment", () => {
    expect(pageAddress("/products/boston-fern?utm_source=news&utm_medium=email&fbclid=abc")).toBe("/products/boston-fern");
    expect(pageAddress("/categories/Ferns?x=1&sort=price-highest&gclid=2")).toBe("/categories/Ferns?sort=price-highest");
    expect(pageAddress("/?")).toBe("/");
    expect(pageAddress("/search?q=lily#results")).toBe("/search?q=lily");
  });

  it("keeps the product page's chosen variant (?variant=SKU): the page shows that variant's price and stock", () => {
    expect(pageAddress("/products/monstera-deliciosa?utm_source=news&variant=MON-DEL-12")).toBe("/products/monstera-deliciosa?variant=MON-DEL-12");
  });

  it("leaves the path and the parameters it keeps as they were written", () => {
    expect(pageAddress("/search?q=peace%20lily&utm_source=a&category=Indoor+Plants")).toBe("/search?q=peace%20lily&category=Indoor+Plants");
    expect(pageAddress("/categories/Indoor%20Plants?%73ort=price-lowest&x")).toBe("/categories/Indoor%20Plants?%73ort=price-lowest");
  });
});
