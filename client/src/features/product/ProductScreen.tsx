// Product detail: carousel, name, favourite heart, category link, rating,
// description, price, quantity controls, the shopper's own rating and Add to cart. Re-fetches when
// the slug changes; for a signed-in user it also loads their rating and whether it is a favourite.
// A product sold in several variants shows an option picker; the chosen variant is in the address
// (?variant=SKU, replaced on each choice, read on the server too) and its price, stock, picture and
// Add to cart are the page's. Without one (or with a SKU the product does not sell) the default variant.
import { documentTitle, PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { ActionIcon, Anchor, Badge, Button, Grid, Group, Stack, Text, Tooltip } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { HeartIcon } from "../../components/icons";
import { DetailUnavailable } from "../../components/DetailUnavailable";
import { describe, PageHead } from "../../components/PageHead";
import { Price } from "../../components/Price";
import { itemsLeftText, OUT_OF_STOCK_TEXT } from "../../components/ProductCard";
import { ProductRating, RatingStars } from "../../components/RatingStars";
import { IsFavouriteDocument, MyRatingDocument, ProductDetailDocument, type ProductDetailQuery } from "../../graphql/generated/graphql";
import { errorCode, serverMessage } from "../../lib/apollo/errors";
import { useCart } from "../../lib/cart/CartProvider";
import { isSameLine, lineKey, type CartProduct } from "../../lib/cart/cartRules";
import { chooseVariant, VARIANT_PARAM } from "../../lib/catalog/variants";
import { messages } from "../../lib/messages";
import { notifyError, reportChange } from "../../lib/notify";
import { useSession } from "../../lib/session/session";
import { breadcrumbData, categoryPath, offerPrice, productData, productPath } from "../../lib/seo/structuredData";
import { useNotFound } from "../../lib/ssr/page";
import { ImageCarousel } from "./ImageCarousel";
import { useRateProduct } from "./useRateProduct";
import { useToggleFavourite } from "./useToggleFavourite";
import { VariantPicker } from "./VariantPicker";

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

  return <ProductDetail product={product} signedIn={user !== null} />;
}

type DetailedProduct = ProductDetailQuery["product"];
type DetailedVariant = DetailedProduct["variants"][number];

function ProductDetail({ product, signedIn }: { product: DetailedProduct; signedIn: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // A product sold in one variant has no options and reads nothing from the address: its page is as it always was.
  const hasChoices = product.options.length > 0;
  const addressSku = hasChoices ? searchParams.get(VARIANT_PARAM) : null;
  // The choice is kept here at once and the address follows: the router applies a navigation as a transition,
  // so a picker reading only the address would lag a key press behind, and React would put a radio the shopper
  // just moved to back to the old one (two quick arrow presses lost the second). The address wins when it
  // changes by itself (back, a link).
  const [picked, setPicked] = useState({ sku: addressSku, address: addressSku });
  if (picked.address !== addressSku) setPicked({ sku: addressSku, address: addressSku });
  const pickedSku = picked.sku;
  const variant = chooseVariant(product.variants, pickedSku);
  // Without a variant (never on sale without one) the product's own figures, which are its default variant's.
  const shown = variant ?? product;
  const images = variant?.image ? [variant.image] : product.images;

  const choose = (chosen: DetailedVariant) => {
    setPicked((current) => ({ ...current, sku: chosen.sku }));
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(VARIANT_PARAM, chosen.sku);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <Grid gap="xl">
      <ProductHead product={product} />
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ImageCarousel key={`${product.slug} ${images[0]?.url ?? ""}`} images={images} name={product.name} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <PageTitle title={product.name} />
            <FavouriteHeart productId={product.id} signedIn={signedIn} />
          </Group>
          <Anchor component={Link} to={`/categories/${encodeURIComponent(product.category.name)}`}>
            {product.category.name}
          </Anchor>
          <ProductRating product={product} size={18} />
          <Text>{product.description}</Text>
          {hasChoices && variant && <VariantPicker options={product.options} variants={product.variants} chosen={variant} onChoose={choose} />}
          {/* The chosen variant's price and stock, announced when a choice changes them. */}
          <Stack gap="md" aria-live="polite" data-testid="variant-offer">
            <Price product={shown} size="xl" />
            {shown.quantity > 0 ? (
              <Text size="sm" c="dimmed">
                {itemsLeftText(shown.quantity)}
              </Text>
            ) : (
              <Badge color="gray" size="lg" w="fit-content">
                {OUT_OF_STOCK_TEXT}
              </Badge>
            )}
          </Stack>
          <CartControls product={product} variant={variant} />
          <OwnRating productId={product.id} signedIn={signedIn} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

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

/** What the cart keeps of the chosen variant: its price, stock, option values and picture (else the product's main one). */
function cartProductOf(product: DetailedProduct, variant: DetailedVariant | undefined): CartProduct {
  const base = { id: product.id, slug: product.slug, name: product.name, imageOne: product.imageOne };
  if (!variant) return { ...base, price: product.price, discountPrice: product.discountPrice ?? null, quantity: product.quantity, image: product.images[0] ?? null };
  return {
    ...base,
    image: variant.image ?? product.images[0] ?? null,
    imageOne: variant.image?.url ?? product.imageOne,
    price: variant.price,
    discountPrice: variant.discountPrice ?? null,
    quantity: variant.quantity,
    variantId: variant.id,
    sku: variant.sku,
    options: variant.options.map(({ name, value }) => ({ name, value })),
  };
}

/** Quantity controls and Add to cart: minus acts only when the quantity in the cart is above 1; plus adds one. */
function CartControls({ product: detailed, variant }: { product: DetailedProduct; variant: DetailedVariant | undefined }) {
  const { cartItems, addToCart, decreaseQuantity } = useCart();
  const product = cartProductOf(detailed, variant);
  const line = cartItems.find((item) => isSameLine(item, product));
  const inCart = line?.cartQuantity ?? 0;
  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label="Quantity in cart">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Decrease quantity"
          onClick={() => {
            if (line && inCart > 1) decreaseQuantity(lineKey(line));
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
