// The product card shared by home, category, search and the admin list (spec section 2).
import { Badge, Box, Button, Card, Image, Overlay, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import type { ProductCardFieldsFragment } from "../graphql/generated/graphql";
import { discountPercent } from "../lib/pricing";
import { Price } from "./Price";
import { ProductRating } from "./RatingStars";

/**
 * What a card shows, asked for by every list of products (colocated with the card that renders it), and a
 * page of cards as every paged product list (category, search, wish-list, admin) asks for it.
 */
export const productCardFields = /* GraphQL */ `
  fragment ProductCardFields on Product {
    id
    slug
    name
    imageOne
    price
    discountPrice
    quantity
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

/** The card's product: exactly what ProductCardFields asks for (codegen writes the type from the fragment). */
export type ProductCardProduct = ProductCardFieldsFragment;

export interface ProductCardProps {
  product: ProductCardProduct;
  /** The admin variant: 'Edit Product' and 'Delete Product' under the card. */
  admin?: { onDelete: (product: ProductCardProduct) => void; deleting: boolean };
}

export function ProductCard({ product, admin }: ProductCardProps) {
  const percent = discountPercent(product);
  const soldOut = product.quantity <= 0;
  return (
    <Card component="article" withBorder radius="md" padding="sm" h="100%" aria-label={product.name}>
      <Box component={Link} to={`/products/${product.slug}`} c="inherit" td="none" style={{ display: "block", borderRadius: 8 }}>
        <Card.Section pos="relative">
          <Image src={product.imageOne} alt={product.name} h={180} fit="cover" fallbackSrc="/placeholder-plant.svg" />
          {percent !== null && (
            <Badge color="red" pos="absolute" top={8} left={8} style={{ zIndex: 2 }}>
              -{percent}%
            </Badge>
          )}
          {soldOut && (
            <Overlay color="#000" backgroundOpacity={0.55} center zIndex={1}>
              <Text c="white" fw={700}>
                {OUT_OF_STOCK_TEXT}
              </Text>
            </Overlay>
          )}
        </Card.Section>
        <Text fw={600} mt="sm" lineClamp={2}>
          {product.name}
        </Text>
      </Box>
      <Stack gap={4} mt={4}>
        <Price product={product} size="sm" />
        <Text size="xs" c="dimmed">
          {itemsLeftText(product.quantity)}
        </Text>
        <ProductRating product={product} size={14} />
      </Stack>
      {admin && (
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
    </Card>
  );
}
