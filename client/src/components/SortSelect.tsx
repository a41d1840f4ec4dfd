// 'Sort by' for a list of products (search and category pages): the spec's four options.
// A GET form of the page's own address: without scripts, its 'Sort' button asks the server for the page in
// that order (the server draws every sort: ?sort= is a page parameter); with them, a choice sorts at once
// (one made before the scripts ran is passed on once they do: client/build/scripts-after-content.ts).
import { Button, Group, NativeSelect } from "@mantine/core";
import { useLocation, useSearchParams } from "react-router-dom";
import { isPageParam } from "../lib/ssr/pageParams";
import { SORT_ORDER_LABELS, SORT_ORDERS, sortOrderFrom, type SortOrder } from "../lib/catalog/productSort";

/**
 * The page's other parameters as hidden fields, so a GET form that changes some of them keeps the rest: only
 * those a screen reads (a tracking tag in the address would otherwise make the page another to keep).
 */
export function KeptParams({ params, leave }: { params: URLSearchParams; leave: readonly string[] }) {
  return (
    <>
      {[...params].map(([name, value], index) => (leave.includes(name) || !isPageParam(name) ? null : <input key={`${name}-${index}`} type="hidden" name={name} value={value} />))}
    </>
  );
}

export function SortSelect({ value, onChange }: { value: SortOrder; onChange: (sort: SortOrder) => void }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return (
    <form method="get" action={pathname} onSubmit={(event) => event.preventDefault()}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect
          label="Sort by"
          name="sort"
          value={value}
          onChange={(event) => onChange(sortOrderFrom(event.currentTarget.value))}
          data={SORT_ORDERS.map((order) => ({ value: order, label: SORT_ORDER_LABELS[order] }))}
        />
        <noscript>
          <Button type="submit" variant="default">
            Sort
          </Button>
        </noscript>
      </Group>
      <KeptParams params={params} leave={["sort"]} />
    </form>
  );
}
