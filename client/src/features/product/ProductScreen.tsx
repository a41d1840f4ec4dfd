// Product detail: carousel, name, favourite heart, category link, rating,
// description, price, quantity controls, the shopper's own rating and Add to cart. Re-fetches when
// the slug changes; for a signed-in user it also loads their rating and whether it is a favourite.
import { documentTitle, PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { ActionIcon, Anchor, Badge, Button, Grid, Group, Stack, Text, Tooltip } from "@mantine/core";
import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { HeartIcon } from "../../components/icons";
import { DetailUnavailable } from "../../components/DetailUnavailable";
import { describe, PageHead } from "../../components/PageHead";
import { Price } from "../../components/Price";
import { itemsLeftText, OUT_OF_STOCK_TEXT } from "../../components/ProductCard";
import { ProductRating, RatingStars } from "../../components/RatingStars";
import { IsFavouriteDocument, MyRatingDocument, ProductDetailDocument, type ProductDetailQuery } from "../../graphql/generated/graphql";
import { errorCode, serverMessage } from "../../lib/apollo/errors";
import { useCart } from "../../lib/cart/CartProvider";
import { messages } from "../../lib/messages";
import { notifyError, reportChange } from "../../lib/notify";
import { useSession } from "../../lib/session/session";
import { breadcrumbData, categoryPath, offerPrice, productData, productPath } from "../../lib/seo/structuredData";
import { useNotFound } from "../../lib/ssr/page";
import { ImageCarousel } from "./ImageCarousel";
import { useRateProduct } from "./useRateProduct";
import { useToggleFavourite } from "./useToggleFavourite";

export function ProductScreen() {
  const slug = useParams().slug ?? "";
  const { user } = useSession();
  const { data, loading, error } = useQuery(ProductDetailDocument, { variables: { slug } });
  const product = data?.product;

  const unknown = !loading && !product && errorCode(error) === "NOT_FOUND";
  useEffect(() => {
    if (error && !unknown) notifyError(serverMessage(error));
  }, [error, unknown]);

  // No such product: the route's not-found screen, answered 404 on the server.
  useNotFound({ notFound: !loading && !product, unknown });

  if (!product) {
    const back = { to: "/", label: "Back to the store" };
    return <DetailUnavailable loading={loading} loadingLabel="Loading product" title="We could not show this product." error={error} back={back} />;
  }

  return (
    <Grid gap="xl">
      <ProductHead product={product} />
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ImageCarousel key={product.slug} images={product.images} name={product.name} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <PageTitle title={product.name} />
            <FavouriteHeart productId={product.id} signedIn={user !== null} />
          </Group>
          <Anchor component={Link} to={`/categories/${encodeURIComponent(product.category.name)}`}>
            {product.category.name}
          </Anchor>
          <ProductRating product={product} size={18} />
          <Text>{product.description}</Text>
          <Price product={product} size="xl" />
          {product.quantity > 0 ? (
            <Text size="sm" c="dimmed">
              {itemsLeftText(product.quantity)}
            </Text>
          ) : (
            <Badge color="gray" size="lg" w="fit-content">
              {OUT_OF_STOCK_TEXT}
            </Badge>
          )}
          <CartControls product={product} />
          <OwnRating productId={product.id} signedIn={user !== null} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

type DetailedProduct = ProductDetailQuery["product"];

/** What a shared link and a search engine see of the product: name, price, picture, stock and rating. */
function ProductHead({ product }: { product: DetailedProduct }) {
  const image = product.images[0]?.url ?? product.imageOne ?? null;
  const facts = { ...product, image };
  return (
    <PageHead
      title={documentTitle(product.name, "/products")}
      description={describe(product.description) || product.name}
      path={productPath(product.slug)}
      type="product"
      image={image}
      price={{ amount: offerPrice(product), currency: "USD" }}
      structuredData={(origin) => [
        productData(facts, origin),
        breadcrumbData(
          [
            { name: "Home", path: "/" },
            { name: product.category.name, path: categoryPath(product.category.name) },
            { name: product.name, path: productPath(product.slug) },
          ],
          origin,
        ),
      ]}
    />
  );
}

/** Quantity controls and Add to cart: minus acts only when the quantity in the cart is above 1; plus adds one. */
function CartControls({ product: detailed }: { product: DetailedProduct }) {
  const { cartItems, addToCart, decreaseQuantity } = useCart();
  // The cart line shows the main picture with its renditions.
  const product = { ...detailed, image: detailed.images[0] ?? null };
  const inCart = cartItems.find((item) => item.id === product.id)?.cartQuantity ?? 0;
  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label="Quantity in cart">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Decrease quantity"
          onClick={() => {
            if (inCart > 1) decreaseQuantity(product.id);
          }}
        >
          −
        </ActionIcon>
        <Text w={32} ta="center" fw={600} aria-live="polite" data-testid="quantity-in-cart">
          {inCart}
        </Text>
        <ActionIcon variant="default" size="lg" aria-label="Increase quantity" onClick={() => addToCart(product)}>
          +
        </ActionIcon>
      </Group>
      <Button size="md" onClick={() => addToCart(product)} w={{ base: "100%", sm: "fit-content" }}>
        Add to cart
      </Button>
    </Stack>
  );
}

/** The heart flips only after the toggle call succeeds. */
function FavouriteHeart({ productId, signedIn }: { productId: number; signedIn: boolean }) {
  const { data } = useQuery(IsFavouriteDocument, { variables: { productId }, skip: !signedIn });
  const isFavourite = data?.isFavourite ?? false;
  const [toggle, { loading }] = useToggleFavourite(productId);
  const label = isFavourite ? "Remove from wishlist" : "Add to wishlist";
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="red"
        size="xl"
        aria-label={label}
        aria-pressed={isFavourite}
        loading={loading}
        onClick={() => void reportChange(toggle({ variables: { productId } }), (data) => data.toggleFavourite.message, () => notifyError(messages.favouriteToggleFailed))}
      >
        <HeartIcon filled={isFavourite} size={28} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Own rating: five clickable stars when 0 (clicking star N submits N, then reloads product and rating); read-only when rated. */
function OwnRating({ productId, signedIn }: { productId: number; signedIn: boolean }) {
  const { data, refetch } = useQuery(MyRatingDocument, { variables: { productId }, skip: !signedIn });
  const [rate, { loading }] = useRateProduct();
  if (!signedIn) {
    return (
      <Text size="sm" c="dimmed">
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>{" "}
        to rate this product.
      </Text>
    );
  }
  if (!data) return null;
  const ownRating = data.myRating;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {ownRating === 0 ? "Rate this product" : "Your rating"}
      </Text>
      {ownRating === 0 ? (
        <RatingStars
          value={0}
          size={26}
          disabled={loading}
          onRate={(stars) => void reportChange(rate({ variables: { productId, rating: stars } }), (data) => data.rateProduct.message, () => notifyError(messages.ratingFailed), refetch)}
        />
      ) : (
        <RatingStars value={ownRating} size={26} />
      )}
    </Stack>
  );
}
