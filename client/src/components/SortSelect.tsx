// 'Sort by' for a list of products (search and category pages): the spec's four options.
import { NativeSelect } from "@mantine/core";
import { SORT_ORDER_LABELS, SORT_ORDERS, sortOrderFrom, type SortOrder } from "../lib/catalog/productSort";

export function SortSelect({ value, onChange }: { value: SortOrder; onChange: (sort: SortOrder) => void }) {
  return (
    <NativeSelect
      label="Sort by"
      value={value}
      onChange={(event) => onChange(sortOrderFrom(event.currentTarget.value))}
      data={SORT_ORDERS.map((order) => ({ value: order, label: SORT_ORDER_LABELS[order] }))}
    />
  );
}
