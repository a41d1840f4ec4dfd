// Pieces every admin screen shares: the list header (title, count, search, New link), the form frame,
// a labelled detail, and the text for a failed or empty list.
import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router-dom";
import { SearchIcon } from "../../components/icons";

export interface ListHeaderProps {
  title: string;
  /** e.g. "Total products: 12"; left out until the list has loaded. */
  count?: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (text: string) => void;
  /** The 'New …' link, when the list has one. */
  create?: { to: string; label: string };
}

export function ListHeader({ title, count, searchPlaceholder, search, onSearch, create }: ListHeaderProps) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>{title}</Title>
          {count && (
            <Text c="dimmed" size="sm" data-testid="list-count">
              {count}
            </Text>
          )}
        </Stack>
        {create && (
          <Button component={Link} to={create.to}>
            {create.label}
          </Button>
        )}
      </Group>
      <TextInput
        type="search"
        aria-label={searchPlaceholder}
        placeholder={searchPlaceholder}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        leftSection={<SearchIcon size={18} />}
        maw={420}
      />
    </Stack>
  );
}

/** "Total products: 12". */
export const countLabel = (noun: string, count: number) => `Total ${noun}: ${count}`;

export interface AdminFormProps {
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** A form with a title, its fields and one submit button. */
export function AdminForm({ title, submitLabel, submitting, onSubmit, children }: AdminFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper withBorder p="xl" radius="md" maw={720}>
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          <Group>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}
