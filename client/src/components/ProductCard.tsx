// The product card shared by home, category, search and the admin list.
import { Badge, Button, Overlay, Stack } from "@mantine/core";
import { Link } from "react-router-dom";
import type { ProductCardFieldsFragment } from "../graphql/generated/graphql";
import { discountPercent } from "../lib/pricing";
import { Price } from "./Price";
import { ProductPicture } from "./ProductPicture";
import { ProductRating } from "./RatingStars";
import classes from "./ProductCard.module.css";

/**
 * What a card shows, asked for by every list of products (colocated with the card that renders it), and a
 * page of cards as every paged product list (category, search, wish-list, admin) asks for it.
 */
export const productCardFields = /* GraphQL */ `
  fragment ProductCardFields on Product {
    id
    slug
    name
    image {
      ...ProductPictureFields
    }
    price
    discountPrice
    quantity
    priceRange {
      min
      max
    }
    variantCount
    totalQuantity
    bestDiscount {
      price
      discountPrice
    }
    rating
    peopleRated
  }

  fragment ProductCardPage on ProductConnection {
    edges {
      cursor
      node {
        ...ProductCardFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
    totalCount
  }
`;

export const OUT_OF_STOCK_TEXT = "Out Of Stock";
export const itemsLeftText = (quantity: number) => `${quantity} item(s) left`;

/**
 * The stock a card shows: a product sold in several variants has what all of them have left (its default
 * variant may be sold out while others are not); a product sold in one variant, its stock as always.
 */
export const cardStock = (product: Pick<ProductCardProduct, "quantity" | "variantCount" | "totalQuantity">) =>
  product.variantCount > 1 ? product.totalQuantity : product.quantity;

/** The card's product: exactly what ProductCardFields asks for (codegen writes the type from the fragment). */
export type ProductCardProduct = ProductCardFieldsFragment;

export interface ProductCardProps {
  product: ProductCardProduct;
  /**
   * The admin variant: 'Edit Product' and 'Delete Product' under the card, unless `readOnly` (a staff role that
   * may read the catalogue but not change it).
   */
  admin?: { onDelete: (product: ProductCardProduct) => void; deleting: boolean; readOnly?: boolean };
  /** The card is in the first rows of its grid, visible without scrolling: its picture loads at once. */
  eager?: boolean;
  /** The card's picture is likely the page's largest (the first row on a phone): asked for before the others. */
  priority?: boolean;
}

/** Cards in a grid shown without scrolling on a phone or a wide screen (ProductGrid: 2 to 6 a row). */
export const EAGER_CARDS = 6;
/** The first row on a phone (2 a row): its pictures are the largest thing on the first screen. */
export const PRIORITY_CARDS = 2;

/** How the card at this place of a grid loads its picture. */
export const cardLoading = (index: number) => ({ eager: index < EAGER_CARDS, priority: index < PRIORITY_CARDS });

// How wide a card's picture is drawn (ProductGrid's columns in a Container of at most 1320 px with 16 px
// padding and 16 px gaps): 2 a row on phones, 3 from 48em, 6 (the admin grid: 5) from 75em.
const CARD_SIZES = "(min-width: 75em) 202px, (min-width: 48em) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)";
const ADMIN_CARD_SIZES = "(min-width: 75em) 245px, (min-width: 48em) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)";

/**
 * The card's discount badge '-N%': a product sold in several variants shows the best discount among them
 * (the server picks it: bestDiscount); a product sold in one variant, its own, as always.
 */
export const cardDiscountPercent = (product: Pick<ProductCardProduct, "bestDiscount">) => (product.bestDiscount ? discountPercent(product.bestDiscount) : null);

export function ProductCard({ product, admin, eager = false, priority = false }: ProductCardProps) {
  const percent = cardDiscountPercent(product);
  const stock = cardStock(product);
  const soldOut = stock <= 0;
  return (
    // Plain elements with the rules of Mantine's Card and Text (ProductCard.module.css): a page draws 24 cards,
    // and as Mantine components they were the largest share of its server render.
    <article className={classes.card} aria-label={product.name}>
      <Link to={`/products/${product.slug}`} className={classes.link}>
        <div className={classes.picture}>
          {/* The name is written under the picture: the picture itself is decoration for screen readers. */}
          <ProductPicture image={product.image} alt="" sizes={admin ? ADMIN_CARD_SIZES : CARD_SIZES} h={180} eager={eager} priority={priority} />
          {percent !== null && (
            <Badge color="red" className={classes.discount}>
              -{percent}%
            </Badge>
          )}
          {soldOut && (
            <Overlay color="#000" backgroundOpacity={0.55} center zIndex={1}>
              <span className={classes.soldOut}>{OUT_OF_STOCK_TEXT}</span>
            </Overlay>
          )}
        </div>
        <p className={classes.name}>{product.name}</p>
      </Link>
      <div className={classes.details}>
        <Price product={product} range={product.priceRange} size="sm" />
        <p className={classes.stock}>{itemsLeftText(stock)}</p>
        <ProductRating product={product} size={14} />
      </div>
      {admin && !admin.readOnly && (
        // One button a line: side by side they do not fit a card of the 5-column admin grid.
        <Stack gap={6} mt="sm">
          <Button component={Link} to={`/admin/edit-product/${product.slug}`} size="xs" variant="light" fullWidth>
            Edit Product
          </Button>
          <Button size="xs" color="red" variant="light" fullWidth loading={admin.deleting} onClick={() => admin.onDelete(product)}>
            Delete Product
          </Button>
        </Stack>
      )}
    </article>
  );
}
