// Admin dashboard: the greeting, three summary cards (total customers, total
// sales, total orders) each with its 'This month' growth and a small line chart of the last three
// months, and the 'Top selling products' table (under a product sold in several variants, its sales by
// variant: "MON-DEL-12 · Pot size: 12 cm — 5"). A failed analytics load is ignored; a failed
// top-products load is logged. Under them, the sales report of a period (SalesReport.tsx).
import { PageTitle } from "../../../components/PageTitle";
import "@mantine/charts/styles.css";
import { useQuery } from "@apollo/client/react";
import { LineChart } from "@mantine/charts";
import { Anchor, Badge, Box, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { LoadingView } from "../../../components/LoadingView";
import { ProductPicture } from "../../../components/ProductPicture";
import { AdminAnalyticsDocument, AdminTopProductsDocument, type AdminAnalyticsQuery, type AdminTopProductsQuery } from "../../../graphql/generated/graphql";
import { optionWords } from "../../../lib/catalog/variants";
import { formatMoney } from "../../../lib/money";
import { useSession } from "../../../lib/session/session";
import { AdminSection, AdminTable, figureColumn } from "../AdminParts";
import { formatGrowth } from "../adminRules";
import { useNewOrders } from "../../../lib/orders/liveOrders";
import { SalesReport } from "./SalesReport";

/** 'Welcome back {name}, here is what is been happening in your store.' (verbatim). */
export const greeting = (name: string) => `Welcome back ${name}, here is what is been happening in your store.`;

type Analytics = AdminAnalyticsQuery["analytics"];
type MonthFigures = Analytics["lastThreeMonths"][number];

interface SummaryCardProps {
  title: string;
  value: string;
  growth: number;
  months: readonly MonthFigures[];
  figure: "newUsers" | "revenue" | "newOrders";
  format: (value: number) => string;
}

function SummaryCard({ title, value, growth, months, figure, format }: SummaryCardProps) {
  const points = months.map((month) => ({ month: month.month, [title]: Number(month[figure]) }));
  const described = months.map((month) => `${month.month} ${format(Number(month[figure]))}`).join(", ");
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={title}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed" fw={600}>
          {title}
        </Text>
        <Text fz={28} fw={700} data-testid="summary-value">
          {value}
        </Text>
        <Group gap="xs">
          <Badge color={growth > 0 ? "green" : growth < 0 ? "red" : "gray"} variant="light" data-testid="summary-growth">
            {formatGrowth(growth)}
          </Badge>
          <Text size="sm" c="dimmed">
            This month
          </Text>
        </Group>
        <Box role="img" aria-label={`${title} over the last three months: ${described}`}>
          <LineChart
            h={90}
            data={points}
            dataKey="month"
            series={[{ name: title, color: "green.6" }]}
            curveType="monotone"
            withYAxis={false}
            gridAxis="none"
            tickLine="none"
            valueFormatter={format}
            xAxisProps={{ tick: { fontSize: 10 } }}
          />
        </Box>
      </Stack>
    </Paper>
  );
}

const count = (value: number) => String(value);

function SummaryCards({ analytics }: { analytics: Analytics }) {
  const months = analytics.lastThreeMonths;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      <SummaryCard
        title="Total customers"
        value={count(analytics.totalUsers)}
        growth={analytics.userGrowthPercentage}
        months={months}
        figure="newUsers"
        format={count}
      />
      <SummaryCard
        title="Total sales"
        value={formatMoney(analytics.totalRevenue)}
        growth={analytics.revenueChangePercentage}
        months={months}
        figure="revenue"
        format={formatMoney}
      />
      <SummaryCard
        title="Total orders"
        value={count(analytics.totalOrders)}
        growth={analytics.orderGrowthPercentage}
        months={months}
        figure="newOrders"
        format={count}
      />
    </SimpleGrid>
  );
}

/**
 * Under the cards, once the shop has given discounts or charged tax: the discounts given, the tax charged and
 * the sales net of tax (sales are what shoppers paid: after discounts, tax included). Nothing otherwise.
 */
export function salesBreakdownText({ totalRevenue, totalDiscounts, totalTax }: Pick<Analytics, "totalRevenue" | "totalDiscounts" | "totalTax">): string | null {
  if (totalDiscounts === 0 && totalTax === 0) return null;
  return `Discounts given: ${formatMoney(totalDiscounts)} · Tax charged: ${formatMoney(totalTax)} · Sales net of tax: ${formatMoney(totalRevenue - totalTax)}`;
}

type TopProduct = AdminTopProductsQuery["topProducts"][number];
type TopProductVariant = TopProduct["variants"][number];

/** "MON-DEL-12 · Pot size: 12 cm — 5": a variant's SKU when bought, its option values, the quantity bought. */
export function variantSalesText({ sku, options, purchasedQuantity }: TopProductVariant): string {
  const named = [sku, optionWords(options)].filter((part) => part !== "").join(" · ");
  return `${named || "No SKU"} — ${purchasedQuantity}`;
}

/** Whether a top product was sold in several variants (or in a variant with options), so its breakdown says something. */
const soldInVariants = (product: TopProduct) => product.variants.length > 1 || product.variants.some((variant) => variant.options.length > 0);

/** Under the product's name: its quantity by the variant bought, most first (the server's order). */
function VariantSales({ product }: { product: TopProduct }) {
  return (
    <Box component="ul" aria-label={`Sales of ${product.name} by variant`} m={0} mt={4} pl={38 + 12} style={{ listStyle: "none" }}>
      {product.variants.map((variant, index) => (
        <Text component="li" key={`${variant.sku}-${index}`} size="sm" c="dimmed">
          {variantSalesText(variant)}
        </Text>
      ))}
    </Box>
  );
}

function TopSellingProducts() {
  const { data, loading, error } = useQuery(AdminTopProductsDocument, { fetchPolicy: "cache-and-network" });
  useEffect(() => {
    if (error) console.error("Could not load the top selling products", error);
  }, [error]);
  const products = data?.topProducts ?? [];
  return (
    <AdminSection id="top-selling-products" title="Top selling products" titleSize="h3">
      {loading && !data ? (
        <Group justify="center" py="md">
          <Loader color="green" type="dots" role="status" aria-label="Loading the top selling products" />
        </Group>
      ) : products.length === 0 ? (
        <Text c="dimmed">No sales yet.</Text>
      ) : (
        <AdminTable minWidth={480} columns={["Product Name", "Category", figureColumn("Total Sales")]}>
          {products.map((product) => (
            <Table.Tr key={product.id}>
              <Table.Td>
                <Anchor component={Link} to={`/products/${product.slug}`} c="inherit">
                  <Group gap="sm" wrap="nowrap">
                    {/* Small and round, the name beside it: decoration for screen readers. */}
                    <ProductPicture image={product.image} alt="" sizes="38px" w={38} h={38} miw={38} radius="50%" />
                    <Text fw={600}>{product.name}</Text>
                  </Group>
                </Anchor>
                {soldInVariants(product) && <VariantSales product={product} />}
              </Table.Td>
              <Table.Td>{product.category}</Table.Td>
              <Table.Td ta="right">{product.purchasedQuantity}</Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
    </AdminSection>
  );
}

export function DashboardScreen() {
  // Each new order reloads the figures and the top products.
  useNewOrders();
  const { user } = useSession();
  // A failed analytics load is ignored: the cards are simply not shown.
  const { data, loading } = useQuery(AdminAnalyticsDocument, { fetchPolicy: "cache-and-network" });
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <PageTitle title="Dashboard" />
        <Text c="dimmed">{greeting(user?.name ?? "")}</Text>
      </Stack>
      {data ? <SummaryCards analytics={data.analytics} /> : loading ? <LoadingView label="Loading the dashboard" /> : null}
      {data && salesBreakdownText(data.analytics) && (
        <Text size="sm" c="dimmed">
          {salesBreakdownText(data.analytics)}
        </Text>
      )}
      <TopSellingProducts />
      <SalesReport />
    </Stack>
  );
}
