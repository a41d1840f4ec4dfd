// Categories and regions are managed the same way (spec section 2): a count, a search by name, a 'New'
// link, and a grid newest first where each entry has Edit and Delete (a spinner while deleting).
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { CategoryGrid } from "../../components/ProductGrid";
import { countLabel, ListHeader } from "./AdminParts";
import { byName, searchRows } from "./adminRules";

export interface CatalogueEntry {
  id: number;
  name: string;
}

export interface CatalogueEntriesProps<T extends CatalogueEntry> {
  title: string;
  /** Plural noun for the count, e.g. "categories". */
  noun: string;
  /** Singular word on the buttons, e.g. "Category" for 'Edit Category'. */
  entryWord: string;
  searchPlaceholder: string;
  emptyText: string;
  newLink: { to: string; label: string };
  editPath: (entry: T) => string;
  /** The entries, newest first; undefined until loaded. */
  entries: readonly T[] | undefined;
  /** Shown instead of the list when it could not be loaded. */
  failure?: ReactNode;
  search: string;
  onSearch: (text: string) => void;
  deletingId: number | null;
  onDelete: (entry: T) => void;
  /** More about an entry under its name, e.g. a region's fee. */
  detail?: (entry: T) => ReactNode;
}

export function CatalogueEntries<T extends CatalogueEntry>(props: CatalogueEntriesProps<T>) {
  const { entries, search, entryWord } = props;
  const found = entries ? searchRows(entries, search, byName) : [];
  let body;
  if (!entries) body = props.failure ?? <LoadingView label={`Loading ${props.noun}`} />;
  else if (found.length === 0) body = <EmptyState title={props.emptyText} />;
  else {
    body = (
      <CategoryGrid>
        {found.map((entry) => (
          <Card key={entry.id} withBorder radius="md" padding="md" component="article" aria-label={entry.name}>
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap={2}>
                <Text fw={700}>{entry.name}</Text>
                {props.detail?.(entry)}
              </Stack>
              <Group gap="xs">
                <Button component={Link} to={props.editPath(entry)} size="xs" variant="light">
                  Edit {entryWord}
                </Button>
                <Button size="xs" color="red" variant="light" loading={props.deletingId === entry.id} onClick={() => props.onDelete(entry)}>
                  Delete {entryWord}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </CategoryGrid>
    );
  }
  return (
    <Stack gap="lg">
      <ListHeader
        title={props.title}
        count={entries ? countLabel(props.noun, entries.length) : undefined}
        searchPlaceholder={props.searchPlaceholder}
        search={search}
        onSearch={props.onSearch}
        create={props.newLink}
      />
      {body}
    </Stack>
  );
}
