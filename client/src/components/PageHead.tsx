// A storefront screen's head: meta description, canonical address, the Open Graph and Twitter card a
// shared link shows, and structured data (JSON-LD). React 19 hoists <meta> and <link> into the document's
// head (the server moves them there in its HTML too); the JSON-LD stays where it is rendered, which search
// engines accept anywhere in the page. The <title> is set by each screen.
import { absolute, scriptJson, type StructuredData } from "../lib/seo/structuredData";
import { useShopOrigin } from "../lib/ssr/page";

export const SITE_NAME = "Verdant";
export const DEFAULT_DESCRIPTION = "Verdant: plants and garden goods, delivered.";

export interface PageHeadProps {
  /** The page's name as shared (og:title). */
  title: string;
  description?: string;
  /** The canonical path: the page's address without sorts, paging or anything that only reorders it. */
  path: string;
  /** A large picture for shared links. */
  image?: string | null;
  type?: "website" | "product";
  /** The price shown on a shared product (og product tags). */
  price?: { amount: string; currency: string };
  /** The page's structured data, given the shop's origin (its addresses are absolute). */
  structuredData?: (origin: string) => StructuredData[];
}

export function PageHead({ title, description = DEFAULT_DESCRIPTION, path, image, type = "website", price, structuredData }: PageHeadProps) {
  const origin = useShopOrigin();
  const url = origin + path;
  const picture = image ? absolute(image, origin) : null;
  return (
    <>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {picture && <meta property="og:image" content={picture} />}
      {price && <meta property="product:price:amount" content={price.amount} />}
      {price && <meta property="product:price:currency" content={price.currency} />}
      <meta name="twitter:card" content={picture ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {picture && <meta name="twitter:image" content={picture} />}
      {structuredData?.(origin).map((data, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      ))}
    </>
  );
}

/** A description from a longer text: its first 160 characters, cut at a word. */
export function describe(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
