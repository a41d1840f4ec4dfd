// Pieces every admin screen shares: the list header (title, count, search, New link), the list body
// (loading, failure, empty, a page at a time, dimmed while a new search runs), the tables and titled
// sections the lists and details are drawn in, the form frame and a labelled detail, and the
// select-and-Change control. Lists are searched on the server once the typing pauses. What the signed-in
// admin's staff role allows (useCan), and a read-only frame for a screen they may read but not change.
import { PageTitle } from "../../components/PageTitle";
import { Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { isValidElement, useEffect, useState, type FormEvent, type ReactElement, type ReactNode, type Ref } from "react";
import { Link } from "react-router-dom";
import { DetailUnavailable } from "../../components/DetailUnavailable";
import { EmptyState } from "../../components/EmptyState";
import { SearchIcon } from "../../components/icons";
import { LoadingView } from "../../components/LoadingView";
import { LoadMore } from "../../components/LoadMore";
import { UpdatingResults } from "../../components/UpdatingResults";
import { serverMessage } from "../../lib/apollo/errors";
import { nodesOf, SEARCH_DEBOUNCE_MS, type Answer, type Page } from "../../lib/apollo/pages";
import { notifyError } from "../../lib/notify";
import { can, type Ability } from "../../lib/session/abilities";
import { useSession } from "../../lib/session/session";

export interface ListHeaderProps {
  title: string;
  /** e.g. "Total products: 12"; left out until the list has loaded. */
  count?: string;
  searchPlaceholder: string;
  search: ListSearch;
  /** The 'New …' link, when the list has one. */
  create?: { to: string; label: string };
  /** More filters beside the search box, e.g. the orders' status. */
  filters?: ReactNode;
}

export function ListHeader({ title, count, searchPlaceholder, search, create, filters }: ListHeaderProps) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          {/* The tab says what the list holds: 'Orders · Admin · Verdant' for 'Manage orders'. */}
          <PageTitle title={title.replace(/^Manage (\w)/, (_, first: string) => first.toUpperCase())}>{title}</PageTitle>
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
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          value={search.text}
          onChange={(event) => search.setText(event.currentTarget.value)}
          leftSection={<SearchIcon size={18} />}
          w={420}
          maw="100%"
        />
        {filters}
      </Group>
    </Stack>
  );
}

/** "Total products: 12": how many the list holds, over all its pages (for the search when there is one). */
export const countLabel = (noun: string, count: number) => `Total ${noun}: ${count}`;

/** An admin list's search: the box's text, and what the list asks the server for. */
export interface ListSearch {
  text: string;
  setText: (text: string) => void;
  /** The trimmed text, once the typing pauses: what the list asks the server for. */
  query: string;
  /** The box holds text the list has not asked for yet. */
  typing: boolean;
}

export function useListSearch(): ListSearch {
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return { text, setText, query, typing: text.trim() !== query };
}

/** How an admin list stands: the page to show, and whether it is being replaced by a search or a reload. */
export function listState<T, K>(answer: Answer<Page<T>, K> | undefined, typing: boolean) {
  return {
    page: answer?.data,
    updating: typing || (answer !== undefined && !answer.current),
    searching: typing || (answer !== undefined && !answer.forKey),
  };
}

/** A page with nothing on it. */
const NOTHING = { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };

/**
 * How a list whose failed load is silent stands (the orders and the users): after a
 * failure it shows as empty, without a count, and the failure is only logged. `count` is the list's
 * 'Total orders: N' line.
 */
export function useQuietListState<T, K>(
  noun: string,
  query: { data: unknown; loading: boolean; error: unknown },
  answer: Answer<Page<T>, K> | undefined,
  typing: boolean,
) {
  const failed = query.error !== undefined && query.data === undefined && !query.loading;
  useEffect(() => {
    if (query.error) console.error(`Could not load the ${noun}`, query.error);
  }, [query.error, noun]);
  const list = failed ? { page: NOTHING as Page<T>, updating: false, searching: false } : listState(answer, typing);
  return { ...list, count: list.page && !failed ? countLabel(noun, list.page.totalCount) : undefined };
}

export interface PagedListProps<T> {
  /** Plural noun: "Loading products", "Load more products". */
  noun: string;
  /** The page to show (the last answer while a new one loads); undefined until the first arrives. */
  page: Page<T> | undefined;
  /** True while the page shown is not the current answer (a search or a reload under way): it is dimmed. */
  updating: boolean;
  /** True while the page shown answers an earlier search: the status line says "Searching…". */
  searching: boolean;
  /** Shown instead of the list when it could not be loaded. */
  failure?: ReactNode;
  /** Shown when the list has no entries. */
  empty: ReactNode;
  onLoadMore: (page: Page<T>) => Promise<unknown>;
  /** The entries, as a grid or a table. */
  children: (entries: T[]) => ReactNode;
}

export function PagedList<T>({ noun, page, updating, searching, failure, empty, onLoadMore, children }: PagedListProps<T>) {
  if (failure) return failure;
  if (!page) return <LoadingView label={`Loading ${noun}`} />;
  const entries = nodesOf(page);
  return (
    <UpdatingResults updating={updating} label={searching ? "Searching…" : `Updating the ${noun}…`}>
      {entries.length === 0 ? (
        empty
      ) : (
        <Stack gap="md">
          {children(entries)}
          {!updating && (
            <LoadMore page={page} noun={noun} onLoadMore={() => onLoadMore(page)} />
          )}
        </Stack>
      )}
    </UpdatingResults>
  );
}

/** An admin list page: its header (title, count, search, filters, New link) over its entries, a page at a time. */
export function AdminList<T>({ title, count, searchPlaceholder, search, create, filters, ...list }: ListHeaderProps & PagedListProps<T>) {
  return (
    <Stack gap="lg">
      <ListHeader title={title} count={count} searchPlaceholder={searchPlaceholder} search={search} create={create} filters={filters} />
      <PagedList {...list} />
    </Stack>
  );
}

export interface AdminFormProps {
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
  children: ReactNode;
  /** The form element, for the field errors (useFieldErrors' ref: the first invalid field takes focus). */
  formRef?: Ref<HTMLFormElement>;
}

/** A form with a title, its fields and one submit button. */
export function AdminForm({ title, submitLabel, submitting, onSubmit, children, formRef }: AdminFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper withBorder p="xl" radius="md" maw={720}>
      <form ref={formRef} onSubmit={submit} aria-label={title} noValidate>
        <Stack gap="md">
          <PageTitle title={title} size="h2" />
          {children}
          <SubmitButton label={submitLabel} submitting={submitting} />
        </Stack>
      </form>
    </Paper>
  );
}

/** An admin form's submit button, on a row of its own, spinning while the form is sent. */
export function SubmitButton({ label, submitting }: { label: string; submitting: boolean }) {
  return (
    <Group>
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Group>
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

export interface ChangeChoiceProps<T extends string> {
  label: string;
  /** The value now; the select starts there. */
  current: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  changing: boolean;
  onChange: (chosen: T) => void;
}

/** A select and its Change button (an order's status, a user's role): Change sends the chosen value. */
export function ChangeChoice<T extends string>({ label, current, options, changing, onChange }: ChangeChoiceProps<T>) {
  const [chosen, setChosen] = useState<T>(current);
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect label={label} value={chosen} onChange={(event) => setChosen(event.currentTarget.value as T)} data={options} />
      <Button onClick={() => onChange(chosen)} loading={changing}>
        Change
      </Button>
    </Group>
  );
}

/** A list that could not load: what, and 'Try again'. */
export function LoadFailure({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState
      title={`We could not load ${what}.`}
      action={
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** A failed load of the catalogue's lists and entries shows the server's error text as a notification. */
export function useNotifyLoadFailure(error: unknown): void {
  useEffect(() => {
    if (error) notifyError(serverMessage(error));
  }, [error]);
}

/** An edit page whose entry is not there: 'Loading category' while it loads, else why it could not be loaded. */
export function EntryNotLoaded({ word, loading, error }: { word: string; loading: boolean; error: unknown }) {
  return <DetailUnavailable loading={loading} loadingLabel={`Loading ${word}`} title={`We could not load this ${word}.`} error={error} />;
}

/** A column heading of an admin table: its text (or element), or a figure's, set right as the figures under it. */
export type AdminTableColumn = string | ReactElement | { label: string; align: "right" };

/** A column of figures (counts, totals): heading and cells set right. */
export const figureColumn = (label: string): AdminTableColumn => ({ label, align: "right" });

export interface AdminTableProps {
  /** The headings; none for a short list whose rows say what they hold (a user's orders). */
  columns?: readonly AdminTableColumn[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  spacing?: "xs" | "sm";
  /** Rows light up under the pointer: the lists whose rows open an order or a user. */
  highlightOnHover?: boolean;
  /** Cells never wrap (numbers, dates, badges side by side). */
  nowrap?: boolean;
  /** The table's name for screen readers, where no heading of its own names it. */
  label?: string;
  /** In a bordered frame of its own (a screen's main list, not one inside a section). */
  framed?: boolean;
  /** The rows. */
  children: ReactNode;
}

export function AdminTable({ columns, minWidth, spacing = "sm", highlightOnHover, nowrap, label, framed, children }: AdminTableProps) {
  const table = (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={spacing} highlightOnHover={highlightOnHover} style={nowrap ? { whiteSpace: "nowrap" } : undefined} aria-label={label}>
        {columns && (
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) =>
                typeof column === "string" || isValidElement(column) ? (
                  <Table.Th key={index}>{column}</Table.Th>
                ) : (
                  <Table.Th key={index} ta={column.align}>
                    {column.label}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return framed ? (
    <Paper withBorder radius="md" p="xs">
      {table}
    </Paper>
  ) : (
    table
  );
}

/** A titled part of an admin page (an order's details, a user's contact info): a landmark named by its title. */
export function AdminSection({ id, title, titleSize = "h4", children }: { id: string; title: string; titleSize?: "h3" | "h4"; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size={titleSize} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Whether the signed-in admin's staff role allows this (lib/session/abilities.ts). */
export function useCan(ability: Ability): boolean {
  return can(useSession().user, ability);
}

export const READ_ONLY_TEXT = "Your staff role lets you read this page, not change it.";

/**
 * A screen the staff role may read but not change: its controls are disabled together (a disabled fieldset,
 * so each is announced as unavailable), under a sentence that says why. With `readOnly` false, the children alone.
 */
export function ReadOnlyFrame({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return children;
  return (
    <Stack gap="sm">
      <Text size="sm" role="note">
        {READ_ONLY_TEXT}
      </Text>
      <fieldset disabled style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </Stack>
  );
}
