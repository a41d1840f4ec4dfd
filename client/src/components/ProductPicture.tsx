// Every product picture of the shop (cards, product page, cart, orders, wish-list, admin lists, dashboard,
// the product form's preview): a <picture> offering the server's renditions (AVIF, WebP, then JPEG in the
// <img>) at the widths the layout needs (`sizes`), so a phone's card downloads a 640 px picture and not
// the photo as it was taken. The box keeps its size before the picture arrives (no layout shift) and shows
// the picture's tiny blurred placeholder until then. Pictures below the fold load lazily; the product
// page's main picture loads first (fetchpriority="high").
import { Box, type BoxProps } from "@mantine/core";
import { useState, type CSSProperties } from "react";
import type { ProductPictureFieldsFragment } from "../graphql/generated/graphql";

/** What a picture needs from the API (colocated with the component that renders it). */
export const productPictureFields = /* GraphQL */ `
  fragment ProductPictureFields on Image {
    url
    width
    height
    placeholder
    alt
    srcSet
    sources {
      type
      srcSet
    }
  }
`;

export type PictureImage = ProductPictureFieldsFragment;

/** Shown when a picture cannot be loaded at all. */
export const PICTURE_FALLBACK = "/placeholder-plant.svg";

export interface ProductPictureProps extends Pick<BoxProps, "w" | "h" | "miw" | "mih"> {
  /** The picture from the API; null or missing shows `src` (an older cart kept only a URL) or the fallback. */
  image: PictureImage | null | undefined;
  /** A plain URL to use when there is no `image`. */
  src?: string | null;
  /**
   * How wide the picture is drawn at each viewport, as the layout sets it (the <img sizes> attribute):
   * the browser picks the narrowest rendition that covers it at the screen's pixel density.
   */
  sizes: string;
  /** The text alternative; "" when the product's name is written right beside the picture. Defaults to the image's. */
  alt?: string;
  /** "cover" fills the box (cropping), "contain" shows the whole picture. */
  fit?: "cover" | "contain";
  radius?: CSSProperties["borderRadius"];
  /** The page's main picture: loaded at once and before other pictures (fetchpriority="high"). */
  priority?: boolean;
  /** Above the fold but not the main picture (the first cards of a grid): loaded at once, at normal priority. */
  eager?: boolean;
}

export function ProductPicture({ image, src, sizes, alt, fit = "cover", radius, priority = false, eager = false, ...box }: ProductPictureProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const url = image?.url ?? src ?? PICTURE_FALLBACK;
  const broken = failed === url;
  const text = alt ?? image?.alt ?? "";
  const placeholder = image?.placeholder && loaded !== url ? image.placeholder : null;
  const imgStyle: CSSProperties = { display: "block", width: "100%", height: "100%", objectFit: fit, borderRadius: radius };
  const loading = priority || eager ? "eager" : "lazy";

  return (
    <Box
      {...box}
      style={{
        position: "relative",
        overflow: "hidden",
        borderRadius: radius,
        // A soft tone while nothing has arrived; none behind a loaded picture (transparent ones show the page).
        ...(loaded === url ? {} : { backgroundColor: "var(--mantine-color-gray-1)" }),
        ...(placeholder ? { backgroundImage: `url("${placeholder}")`, backgroundSize: "cover", backgroundPosition: "center" } : {}),
      }}
      data-placeholder={placeholder ? "shown" : undefined}
    >
      {broken || !image ? (
        <img
          src={broken ? PICTURE_FALLBACK : url}
          alt={text}
          loading={loading}
          decoding="async"
          style={imgStyle}
          onError={() => setFailed(url)}
        />
      ) : (
        <picture>
          {image.sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
          ))}
          <img
            src={image.url}
            srcSet={image.srcSet}
            sizes={sizes}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            alt={text}
            loading={loading}
            decoding={priority ? "auto" : "async"}
            fetchPriority={priority ? "high" : undefined}
            style={imgStyle}
            onLoad={() => setLoaded(url)}
            onError={() => setFailed(url)}
          />
        </picture>
      )}
    </Box>
  );
}
