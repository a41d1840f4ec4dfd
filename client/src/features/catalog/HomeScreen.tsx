// Home: a logo and a spinner until the products have loaded; then new arrivals,
// shop by category, the discounted products and the trust banner. One request asks for all three
// (features/catalog/operations.ts); the server picks and orders the products.
import { PageTitle } from "../../components/PageTitle";
import { useQuery } from "@apollo/client/react";
import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { PageHead } from "../../components/PageHead";
import { cardLoading, ProductCard } from "../../components/ProductCard";
import { CategoryGrid, ProductGrid } from "../../components/ProductGrid";
import { HomePageDocument } from "../../graphql/generated/graphql";
import { websiteData } from "../../lib/seo/structuredData";
import { TrustBanner } from "./TrustBanner";

export const DISCOUNTED_SECTION_TITLE = "Save more when you by this products";

const homeData = (origin: string) => [websiteData(origin)];

export function HomeScreen() {
  const { data, error, loading, refetch } = useQuery(HomePageDocument);
  const head = <PageHead title="Verdant plant and garden shop" path="/" structuredData={homeData} />;

  // The home page is shown only once the products have loaded; anything else shows the loading view.
  // The page's heading is for screen readers only: the spec fixes how the home page looks.
  const heading = <PageTitle title="Plants and garden goods" hidden />;
  if (!data) {
    return (
      <Stack gap={0}>
        {head}
        {heading}
        <LoadingView label="Loading products" />
        {error && !loading && (
          <Stack align="center" gap="xs">
            <Text c="dimmed" role="alert">
              We could not load the products.
            </Text>
            <Button variant="light" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }

  const arrivals = data.newArrivals.nodes;
  const discounted = data.discounted.nodes;
  return (
    <Stack gap={48}>
      {head}
      {heading}
      <Stack component="section" aria-labelledby="new-arrivals" gap="md">
        <Title order={2} id="new-arrivals">
          New arrivals
        </Title>
        {arrivals.length === 0 ? (
          <EmptyState title="No products yet" description="New plants arrive soon. Check back in a few days." />
        ) : (
          <ProductGrid>
            {arrivals.map((product, index) => (
              <ProductCard key={product.id} product={product} {...cardLoading(index)} />
            ))}
          </ProductGrid>
        )}
      </Stack>

      <Stack component="section" aria-labelledby="shop-by-category" gap="md">
        <Title order={2} id="shop-by-category">
          Shop by category
        </Title>
        <CategoryGrid>
          {data.categories.nodes.map((category) => (
            <Card
              key={category.id}
              component={Link}
              to={`/categories/${encodeURIComponent(category.name)}`}
              withBorder
              padding="lg"
              radius="md"
              bg="green.0"
            >
              <Text fw={600} ta="center">
                {category.name}
              </Text>
            </Card>
          ))}
        </CategoryGrid>
      </Stack>

      {discounted.length > 0 && (
        <Stack component="section" aria-labelledby="discounted-products" gap="md">
          <Title order={2} id="discounted-products">
            {DISCOUNTED_SECTION_TITLE}
          </Title>
          <ProductGrid>
            {discounted.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ProductGrid>
        </Stack>
      )}

      <TrustBanner />
    </Stack>
  );
}
