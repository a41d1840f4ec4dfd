// Categories and regions are managed the same way: a count, a search by name (on the
// server), a 'New' link, and a grid newest first, a page at a time, where each entry has Edit and Delete
// (a spinner while deleting). A failed load shows the server's error text, and 'Try again' in place of
// the grid; while a new search loads, the last answer stays on screen, dimmed. A kind's texts and
// addresses follow from its two words as the spec names them: 'Manage categories', 'Search category',
// 'New Category' (/admin/add-category), 'Edit Category' (/admin/edit-category/{id}), 'Delete Category';
// and the same for regions. A staff role that may read the catalogue but not change it (catalogue:write)
// sees the entries without New, Edit and Delete.
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { CategoryGrid } from "../../components/ProductGrid";
import { nextPageVariables, useLastAnswer, type Page } from "../../lib/apollo/pages";
import { AdminList, countLabel, listState, LoadFailure, useCan, useNotifyLoadFailure, type ListSearch } from "./AdminParts";

export interface CatalogueEntry {
  id: number;
  name: string;
}

/** The list's query as the screen asked it: the page the search answered (newest first), or why it failed. */
export interface CatalogueQuery<T> {
  page: Page<T> | undefined;
  error?: unknown;
  refetch: () => Promise<unknown>;
  fetchMore: (options: { variables: { after: string | null } }) => Promise<unknown>;
}

export interface CatalogueEntriesProps<T extends CatalogueEntry> {
  /** Plural noun, e.g. "categories". */
  noun: string;
  /** Singular word, e.g. "Category". */
  entryWord: string;
  emptyText: string;
  search: ListSearch;
  query: CatalogueQuery<T>;
  deletion: { deletingId: number | null; remove: (id: number) => Promise<unknown> };
  /** More about an entry under its name, e.g. a region's fee. */
  detail?: (entry: T) => ReactNode;
}

export function CatalogueEntries<T extends CatalogueEntry>({ noun, entryWord, emptyText, search, query, deletion, detail }: CatalogueEntriesProps<T>) {
  const word = entryWord.toLowerCase();
  const mayChange = useCan("catalogue:write");
  const list = listState(useLastAnswer(query.page, search.query), search.typing);
  useNotifyLoadFailure(query.error);
  return (
    <AdminList
      title={`Manage ${noun}`}
      count={list.page ? countLabel(noun, list.page.totalCount) : undefined}
      searchPlaceholder={`Search ${word}`}
      search={search}
      create={mayChange ? { to: `/admin/add-${word}`, label: `New ${entryWord}` } : undefined}
      noun={noun}
      {...list}
      failure={query.error !== undefined && !query.page && <LoadFailure what={`the ${noun}`} onRetry={() => void query.refetch()} />}
      empty={<EmptyState title={emptyText} />}
      onLoadMore={(page) => query.fetchMore({ variables: nextPageVariables(page) })}
    >
      {(entries) => (
        <CategoryGrid>
          {entries.map((entry) => (
            <Card key={entry.id} withBorder radius="md" padding="md" component="article" aria-label={entry.name}>
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap={2}>
                  <Text fw={700}>{entry.name}</Text>
                  {detail?.(entry)}
                </Stack>
                {mayChange && (
                  <Group gap="xs">
                    <Button component={Link} to={`/admin/edit-${word}/${entry.id}`} size="xs" variant="light">
                      Edit {entryWord}
                    </Button>
                    <Button size="xs" color="red" variant="light" loading={deletion.deletingId === entry.id} onClick={() => void deletion.remove(entry.id)}>
                      Delete {entryWord}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Card>
          ))}
        </CategoryGrid>
      )}
    </AdminList>
  );
}
