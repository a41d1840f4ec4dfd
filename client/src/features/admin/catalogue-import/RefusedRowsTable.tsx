// The rows an import will not take (or did not): the file's line, the row's SKU and the server's reason in full.
// Its caption says how many, and when the server kept only the first of them, that these are the first.
import { Paper, Table } from "@mantine/core";
import type { RefusedRow } from "./importApi";
import { refusedCaption } from "./importText";

export const REFUSED_COLUMNS = ["Line", "SKU", "Reason"] as const;

export function RefusedRowsTable({ rows, total }: { rows: readonly RefusedRow[]; total: number }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" captionSide="top">
          <Table.Caption fw={600} ta="left">
            {refusedCaption(rows.length, total)}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" ta="right">
                {REFUSED_COLUMNS[0]}
              </Table.Th>
              <Table.Th scope="col">{REFUSED_COLUMNS[1]}</Table.Th>
              <Table.Th scope="col">{REFUSED_COLUMNS[2]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // One line may be refused for more than one reason: the position keeps the keys apart.
              <Table.Tr key={`${index}-${row.line}`}>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {row.line}
                </Table.Td>
                <Table.Td ff="monospace" style={{ overflowWrap: "anywhere" }}>
                  {row.sku === "" ? "—" : row.sku}
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
