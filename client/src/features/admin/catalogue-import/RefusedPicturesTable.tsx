// The pictures of the zip the server would not store: their name in the zip (folders included) and its reason in
// full. Its caption says how many, and when the server kept only the first of them, that these are the first.
import { Paper, Table } from "@mantine/core";
import type { RefusedPicture } from "./importApi";
import { refusedPicturesCaption } from "./importText";

export const REFUSED_PICTURE_COLUMNS = ["Picture", "Reason"] as const;

export function RefusedPicturesTable({ pictures, total }: { pictures: readonly RefusedPicture[]; total: number }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" captionSide="top">
          <Table.Caption fw={600} ta="left">
            {refusedPicturesCaption(pictures.length, total)}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{REFUSED_PICTURE_COLUMNS[0]}</Table.Th>
              <Table.Th scope="col">{REFUSED_PICTURE_COLUMNS[1]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pictures.map((picture, index) => (
              // Two pictures of the zip may share a name (the second is refused for it): the position keeps the keys apart.
              <Table.Tr key={`${index}-${picture.name}`}>
                <Table.Td ff="monospace" style={{ overflowWrap: "anywhere" }}>
                  {picture.name}
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{picture.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
