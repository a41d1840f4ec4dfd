// What an import will not take (or did not): the file's rows (line, SKU, the server's reason in full) or the zip's
// pictures (name with its folders, reason). The caption says how many, and when the server kept only the first of
// them, that these are the first. One item may be refused for more than one reason: the position keeps keys apart.
import { Paper, Table } from "@mantine/core";
import type { ReactNode } from "react";
import type { RefusedPicture, RefusedRow } from "./importApi";
import { refusedCaption, refusedPicturesCaption } from "./importText";

interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Line numbers read best right-aligned and unbroken. */
  number?: boolean;
  /** SKUs and file names in a fixed-width face, broken anywhere. */
  code?: boolean;
}

function RefusalsTable<T>({ caption, items, columns, minWidth }: { caption: string; items: readonly T[]; columns: Column<T>[]; minWidth: number }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="xs" captionSide="top">
          <Table.Caption fw={600} ta="left">
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col" ta={column.number ? "right" : undefined}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={index}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.header}
                    ta={column.number ? "right" : undefined}
                    ff={column.code ? "monospace" : undefined}
                    style={column.number ? { whiteSpace: "nowrap" } : { overflowWrap: "anywhere" }}
                  >
                    {column.cell(item)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

const ROW_COLUMNS: Column<RefusedRow>[] = [
  { header: "Line", cell: (row) => row.line, number: true },
  { header: "SKU", cell: (row) => (row.sku === "" ? "—" : row.sku), code: true },
  { header: "Reason", cell: (row) => row.message },
];

const PICTURE_COLUMNS: Column<RefusedPicture>[] = [
  { header: "Picture", cell: (picture) => picture.name, code: true },
  { header: "Reason", cell: (picture) => picture.message },
];

export function RefusedRowsTable({ rows, total }: { rows: readonly RefusedRow[]; total: number }) {
  return <RefusalsTable caption={refusedCaption(rows.length, total)} items={rows} columns={ROW_COLUMNS} minWidth={560} />;
}

export function RefusedPicturesTable({ pictures, total }: { pictures: readonly RefusedPicture[]; total: number }) {
  return <RefusalsTable caption={refusedPicturesCaption(pictures.length, total)} items={pictures} columns={PICTURE_COLUMNS} minWidth={480} />;
}
