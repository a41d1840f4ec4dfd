// The structured data search engines read (schema.org as JSON-LD): a product with its offer and rating,
// the breadcrumb trail of product and category pages, and the site with its search on the home page.
// Pure functions of what the screens already fetched, so the server's HTML and the browser agree.
import { unitPrice, type Priced } from "../pricing";
import { averageRating, hasRatings, type Rated } from "../rating";

export type StructuredData = Record<string, unknown>;

/** "$12.50" is shown, "12.50" is what an offer's price says (schema.org wants a number as text). */
export const offerPrice = (product: Priced) => unitPrice(product).toFixed(2);

export interface ProductFacts extends Priced, Rated {
  name: string;
  slug: string;
  description: string;
  quantity: number;
  image: string | null;
  category: { name: string };
}

export const productPath = (slug: string) => `/products/${encodeURIComponent(slug)}`;
export const categoryPath = (name: string) => `/categories/${encodeURIComponent(name)}`;

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
    offers: {
      "@type": "Offer",
      url: origin + productPath(product.slug),
      // The discount price when one is set (the unit price a shopper pays).
      price: offerPrice(product),
      priceCurrency: "USD",
      availability: product.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
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
