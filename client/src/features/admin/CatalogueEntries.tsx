// Categories and regions are managed the same way (spec section 2): a count, a search by name (on the
// server), a 'New' link, and a grid newest first, a page at a time, where each entry has Edit and Delete
// (a spinner while deleting).
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { CategoryGrid } from "../../components/ProductGrid";
import type { Page } from "../../lib/apollo/pages";
import { countLabel, ListHeader, PagedList } from "./AdminParts";

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
  /** The page of entries to show, newest first; undefined until loaded. */
  page: Page<T> | undefined;
  /** True while the entries shown are being replaced (a search or a reload under way). */
  updating: boolean;
  /** True while the entries shown answer an earlier search. */
  searching: boolean;
  onLoadMore: (page: Page<T>) => Promise<unknown>;
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
  const { page, entryWord } = props;
  return (
    <Stack gap="lg">
      <ListHeader
        title={props.title}
        count={page ? countLabel(props.noun, page.totalCount) : undefined}
        searchPlaceholder={props.searchPlaceholder}
        search={props.search}
        onSearch={props.onSearch}
        create={props.newLink}
      />
      <PagedList
        noun={props.noun}
        page={page}
        updating={props.updating}
        searching={props.searching}
        failure={props.failure}
        empty={<EmptyState title={props.emptyText} />}
        onLoadMore={props.onLoadMore}
      >
        {(entries) => (
          <CategoryGrid>
            {entries.map((entry) => (
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
        )}
      </PagedList>
    </Stack>
  );
}
