// @vitest-environment node
import { describe, expect, it } from "vitest";
import { productData, type ProductFacts } from "./structuredData";

const origin = "https://shop.example.com";
const fern: ProductFacts = {
  name: "Boston Fern",
  slug: "boston-fern",
  description: "A lush fern.",
  price: 30,
  discountPrice: 20,
  quantity: 3,
  image: "/uploads/fern.jpg",
  category: { name: "Indoor Plants" },
  rating: 14,
  peopleRated: 3,
};

describe("Product structured data (JSON-LD)", () => {
  it("a product sold in one variant has one Offer at its unit price, with its stock", () => {
    const offer = { "@type": "Offer", url: `${origin}/products/boston-fern`, price: "20.00", priceCurrency: "USD", availability: "https://schema.org/InStock", itemCondition: "https://schema.org/NewCondition" };
    expect(productData(fern, origin).offers).toEqual(offer);
    // Its one variant changes nothing.
    expect(productData({ ...fern, variants: [{ sku: "FERN", price: 30, discountPrice: 20, quantity: 3 }] }, origin).offers).toEqual(offer);
    expect(productData({ ...fern, quantity: 0 }, origin).offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
  });

  it("a product sold in several variants has an AggregateOffer: lowest and highest unit price, how many, and one Offer per variant with its SKU, price and availability", () => {
    const monstera: ProductFacts = {
      ...fern,
      name: "Monstera Deliciosa",
      slug: "monstera-deliciosa",
      price: 34.99,
      discountPrice: 29.99,
      quantity: 18,
      variants: [
        { sku: "MON-DEL-17", price: 34.99, discountPrice: 29.99, quantity: 18 },
        { sku: "MON-DEL-12", price: 24.99, discountPrice: null, quantity: 9 },
        { sku: "MON-DEL-24", price: 59.99, discountPrice: null, quantity: 0 },
      ],
    };
    const offers = productData(monstera, origin).offers as Record<string, unknown>;
    expect(offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: "24.99", highPrice: "59.99", offerCount: 3, priceCurrency: "USD", availability: "https://schema.org/InStock" });
    expect(offers.offers).toEqual([
      expect.objectContaining({ "@type": "Offer", sku: "MON-DEL-17", price: "29.99", availability: "https://schema.org/InStock", url: `${origin}/products/monstera-deliciosa?variant=MON-DEL-17` }),
      expect.objectContaining({ "@type": "Offer", sku: "MON-DEL-12", price: "24.99", availability: "https://schema.org/InStock" }),
      expect.objectContaining({ "@type": "Offer", sku: "MON-DEL-24", price: "59.99", availability: "https://schema.org/OutOfStock" }),
    ]);
  });
});
