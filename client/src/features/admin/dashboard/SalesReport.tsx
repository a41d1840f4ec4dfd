// The dashboard's sales report, under the spec's cards and top products: a period (the last 7, 30 or 90 days,
// this year, or custom from-to; UTC days, as the server counts them), its sales, orders and average order
// value, a bar chart of sales by day, sales by category, the period's best sellers, and a CSV export of the
// report. The server reads it from its daily rollups (domain/analytics/report.ts), so any period is quick.
import "@mantine/charts/styles.css";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { BarChart } from "@mantine/charts";
import { Alert, Anchor, Box, Button, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { AdminSalesReportCsvDocument, AdminSalesReportDocument, type AdminSalesReportQuery, type ReportRange } from "../../../graphql/generated/graphql";
import { downloadTextFile } from "../../../lib/downloadFile";
import { formatMoney } from "../../../lib/money";
import { AdminSection, AdminTable, figureColumn } from "../AdminParts";

export const PERIODS: { value: ReportRange; label: string }[] = [
  { value: "LAST_7_DAYS", label: "Last 7 days" },
  { value: "LAST_30_DAYS", label: "Last 30 days" },
  { value: "LAST_90_DAYS", label: "Last 90 days" },
  { value: "THIS_YEAR", label: "This year" },
  { value: "CUSTOM", label: "Custom" },
];

type Report = AdminSalesReportQuery["salesReport"];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-09-01" as "Sep 1" (the day is UTC, as the server counts it). */
export const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** The chart's text for screen readers: the period, its sales, and its best day. */
export function salesByDayText(report: Pick<Report, "from" | "to" | "sales" | "days">): string {
  const best = report.days.reduce<Report["days"][number] | null>((top, day) => (day.sales > (top?.sales ?? 0) ? day : top), null);
  const period = `Sales by day from ${shortDay(report.from)} to ${shortDay(report.to)}: ${formatMoney(report.sales)} in all`;
  return best ? `${period}, the best day ${shortDay(best.day)} with ${formatMoney(best.sales)}.` : `${period}.`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function ReportBody({ report }: { report: Report }) {
  if (report.orders === 0) return <Text c="dimmed">No sales in this period.</Text>;
  const points = report.days.map((day) => ({ day: shortDay(day.day), Sales: day.sales }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Figure label="Sales" value={formatMoney(report.sales)} />
        <Figure label="Orders" value={String(report.orders)} />
        <Figure label="Average order value" value={formatMoney(report.averageOrderValue)} />
        <Figure label="Items sold" value={String(report.items)} />
      </SimpleGrid>
      <Box role="img" aria-label={salesByDayText(report)}>
        <BarChart h={220} data={points} dataKey="day" series={[{ name: "Sales", color: "green.6" }]} valueFormatter={formatMoney} tickLine="none" gridAxis="y" />
      </Box>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Text component="h3" fw={700} m={0} size="md" id="sales-by-category">
            Sales by category
          </Text>
          <AdminTable minWidth={320} columns={["Category", figureColumn("Items"), figureColumn("Sales")]}>
            {report.categories.map((category) => (
              <Table.Tr key={category.category}>
                <Table.Td>{category.category}</Table.Td>
                <Table.Td ta="right">{category.items}</Table.Td>
                <Table.Td ta="right">{formatMoney(category.sales)}</Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
        </Stack>
        <Stack gap="xs">
          <Text component="h3" fw={700} m={0} size="md">
            Best sellers in this period
          </Text>
          <AdminTable minWidth={320} columns={["Product", figureColumn("Items"), figureColumn("Sales")]}>
            {report.topProducts.map((product) => (
              <Table.Tr key={product.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/products/${product.slug}`}>
                    {product.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {product.category}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{product.items}</Table.Td>
                <Table.Td ta="right">{formatMoney(product.sales)}</Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

export function SalesReport() {
  const client = useApolloClient();
  const [range, setRange] = useState<ReportRange>("LAST_30_DAYS");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const custom = range === "CUSTOM";
  // A custom period is asked for once both days are filled in; the server checks the rest and says what is wrong.
  const ready = !custom || (DAY.test(from) && DAY.test(to));
  const variables = custom ? { range, from, to } : { range };
  const { data, loading, error } = useQuery(AdminSalesReportDocument, { variables, skip: !ready, fetchPolicy: "cache-and-network" });
  const report = data?.salesReport;

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const { data: file, error: failed } = await client.query({ query: AdminSalesReportCsvDocument, variables, fetchPolicy: "network-only" });
      if (file) downloadTextFile(file.salesReportCsv.csv, file.salesReportCsv.fileName);
      else setExportError(failed?.message ?? "The report could not be exported. Please try again.");
    } catch (problem) {
      setExportError(problem instanceof Error ? problem.message : "The report could not be exported. Please try again.");
    } finally {
      setExporting(false);
    }
  }

  return (
    <AdminSection id="sales-report" title="Sales report" titleSize="h3">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect label="Period" data={PERIODS} value={range} onChange={(event) => setRange(event.currentTarget.value as ReportRange)} w={180} />
        {custom && (
          <>
            <TextInput type="date" label="From" value={from} onChange={(event) => setFrom(event.currentTarget.value)} w={170} />
            <TextInput type="date" label="To" value={to} onChange={(event) => setTo(event.currentTarget.value)} w={170} />
          </>
        )}
        <Button variant="light" color="green" onClick={() => void exportCsv()} loading={exporting} disabled={!ready || !report}>
          Export CSV
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Days in UTC. Sales are what shoppers paid and kept: order totals after promotions, tax and delivery included, less refunds; cancelled orders are not counted.
      </Text>
      {exportError && (
        <Alert color="red" role="alert">
          {exportError}
        </Alert>
      )}
      {!ready ? (
        <Text c="dimmed">Choose the first and last day of the period.</Text>
      ) : error && !report ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : loading && !report ? (
        <Group justify="center" py="md">
          <Loader color="green" type="dots" role="status" aria-label="Loading the sales report" />
        </Group>
      ) : report ? (
        <ReportBody report={report} />
      ) : null}
    </AdminSection>
  );
}
