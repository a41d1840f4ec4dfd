// The structured data search engines read (schema.org as JSON-LD): a product with its offer (an
// AggregateOffer with one Offer per variant for a product sold in several) and rating,
// the breadcrumb trail of product and category pages, and the site with its search on the home page.
// Pure functions of what the screens already fetched, so the server's HTML and the browser agree.
import { VARIANT_PARAM } from "../catalog/variants";
import { unitPrice, type Priced } from "../pricing";
import { averageRating, hasRatings, type Rated } from "../rating";

export type StructuredData = Record<string, unknown>;

/** "$12.50" is shown, "12.50" is what an offer's price says (schema.org wants a number as text). */
export const offerPrice = (product: Priced) => unitPrice(product).toFixed(2);

/** A variant as its offer describes it. */
export interface OfferedVariant extends Priced {
  sku: string;
  quantity: number;
}

export interface ProductFacts extends Priced, Rated {
  name: string;
  slug: string;
  description: string;
  quantity: number;
  image: string | null;
  category: { name: string };
  /** The variants on sale; several make the offer an AggregateOffer. */
  variants?: readonly OfferedVariant[];
}

export const productPath = (slug: string) => `/products/${encodeURIComponent(slug)}`;
export const categoryPath = (name: string) => `/categories/${encodeURIComponent(name)}`;

const availability = (quantity: number) => (quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

/**
 * What the product is offered at. Sold in one variant: one Offer, at the unit price. Sold in several: an
 * AggregateOffer from the lowest to the highest unit price, with one Offer per variant (its SKU, price and
 * stock, at the product's address choosing it).
 */
function offersOf(product: ProductFacts, origin: string): StructuredData {
  const url = origin + productPath(product.slug);
  const variants = product.variants ?? [];
  if (variants.length <= 1) {
    return {
      "@type": "Offer",
      url,
      // The discount price when one is set (the unit price a shopper pays).
      price: offerPrice(product),
      priceCurrency: "USD",
      availability: availability(product.quantity),
      itemCondition: "https://schema.org/NewCondition",
    };
  }
  const prices = variants.map(unitPrice);
  return {
    "@type": "AggregateOffer",
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
    offerCount: variants.length,
    priceCurrency: "USD",
    availability: availability(variants.reduce((sum, variant) => sum + Math.max(variant.quantity, 0), 0)),
    offers: variants.map((variant) => ({
      "@type": "Offer",
      sku: variant.sku,
      url: `${url}?${VARIANT_PARAM}=${encodeURIComponent(variant.sku)}`,
      price: offerPrice(variant),
      priceCurrency: "USD",
      availability: availability(variant.quantity),
      itemCondition: "https://schema.org/NewCondition",
    })),
  };
}

export function productData(product: ProductFacts, origin: string): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.slug,
    url: origin + productPath(product.slug),
    ...(product.image ? { image: [absolute(product.image, origin)] } : {}),
    category: product.category.name,
    offers: offersOf(product, origin),
    // Only a rated product has a rating: search engines refuse an aggregateRating with no ratings.
    ...(hasRatings(product)
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: Math.round(averageRating(product) * 10) / 10, ratingCount: product.peopleRated, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

export function breadcrumbData(trail: Array<{ name: string; path: string }>, origin: string): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({ "@type": "ListItem", position: index + 1, name: step.name, item: origin + step.path })),
  };
}

export function websiteData(origin: string): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: "Verdant",
    url: `${origin}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${origin}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** A picture's address as others fetch it: absolute. */
export function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : origin + (url.startsWith("/") ? url : `/${url}`);
}

/** JSON for a <script> element: "<" escaped, so no text in it can close the element. */
export const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");
