// The audit trail's rows: when (local date and time), who (name, and whether staff, an API key or a customer),
// from which address, what happened, to what (its label, type and id), and each changed field as
// "field: before → after" (values read from their JSON: "—" where there was none).
import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import type { ActivityEntryFieldsFragment } from "../../../graphql/generated/graphql";
import { formatDateTime } from "../../../lib/orders/invoice";
import { AdminTable } from "../AdminParts";
import { actorKindLabel, changeValueText, subjectRef } from "./activityText";

export const ACTIVITY_COLUMNS = ["When", "Who", "From", "What", "Subject", "Changes"] as const;

function Changes({ changes }: { changes: ActivityEntryFieldsFragment["changes"] }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: "none" }}>
      {changes.map((change) => {
        const before = changeValueText(change.before);
        const after = changeValueText(change.after);
        return (
          <Text component="li" size="xs" key={change.field} style={{ overflowWrap: "anywhere" }}>
            <Text span fw={600} size="xs">
              {change.field}:
            </Text>{" "}
            <span title={change.before ?? undefined}>{before}</span> → <span title={change.after ?? undefined}>{after}</span>
          </Text>
        );
      })}
    </Stack>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntryFieldsFragment }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {entry.actorName}
          </Text>
          <Badge size="xs" variant="light" color={entry.actorKind === "staff" ? "green" : entry.actorKind === "api-key" ? "blue" : "gray"} tt="none">
            {actorKindLabel(entry.actorKind)}
          </Badge>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {entry.ip ?? "—"}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {entry.kind}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{entry.subjectLabel}</Text>
        <Text size="xs" c="dimmed">
          {subjectRef(entry.subjectType, entry.subjectId)}
        </Text>
      </Table.Td>
      <Table.Td maw={360}>
        <Changes changes={entry.changes} />
      </Table.Td>
    </Table.Tr>
  );
}

export function ActivityTable({ entries }: { entries: readonly ActivityEntryFieldsFragment[] }) {
  return (
    <AdminTable label="Activity" minWidth={960} columns={ACTIVITY_COLUMNS} framed>
      {entries.map((entry) => (
        <ActivityRow key={entry.id} entry={entry} />
      ))}
    </AdminTable>
  );
}
