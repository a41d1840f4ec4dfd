// The lines of one order: each product's picture and name (with the variant's option values under it,
// e.g. "Pot size: 24 cm"), unit price, quantity and amount. The shopper's order page and the admin's order view show the same table; the admin view
// adds the order total under it (an order shows its lines, each with name, unit price and quantity,
// then its total).
import { Group, Table, Text } from "@mantine/core";
import type { OrderDetailFieldsFragment } from "../graphql/generated/graphql";
import { formatMoney } from "../lib/money";
import { ChosenOptions } from "./ChosenOptions";
import { ProductPicture } from "./ProductPicture";

export type OrderLine = OrderDetailFieldsFragment["lines"][number];

export function OrderLinesTable({ lines, total }: { lines: readonly OrderLine[]; total?: number }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Unit price</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            // Two lines may buy two variants of one product, and an order's lines never move: their place is their key.
            <Table.Tr key={index}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  {/* The name stands beside the picture, so the picture is decoration. */}
                  <ProductPicture image={line.image} src={line.imageOne} alt="" sizes="40px" w={40} h={40} miw={40} radius="var(--mantine-radius-sm)" />
                  <div>
                    <Text>{line.name}</Text>
                    <ChosenOptions options={line.options} />
                  </div>
                </Group>
              </Table.Td>
              <Table.Td ta="right">{formatMoney(line.unitPrice)}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.lineTotal)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {total !== undefined && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>Total</Table.Th>
              <Table.Th ta="right">{formatMoney(total)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
