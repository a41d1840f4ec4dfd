// The edit screen's "Variants" section, under the spec's product form: the option groups (a name and its
// values as chips), "Generate all combinations", the variant grid (a row per variant: its option values,
// SKU, price, discount price, stock, on sale, its own picture; a checkbox per row for "Set price", "Set stock" and "Remove"),
// and "Save variants" (saveProductVariants, all or nothing). The server's messages show at their cells and
// in a summary; success is a notification. A product sold in one variant shows the section folded, with
// "Add options". The rules of the grid are variantGrid.ts's; the shop's rules are the server's.
import { Alert, Button, Checkbox, CloseButton, FileButton, Group, NumberInput, Paper, Stack, Switch, Table, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import type { AdminVariantGridFragment } from "../../../graphql/generated/graphql";
import { invalidInputFields } from "../../../lib/apollo/errors";
import { notifySuccess } from "../../../lib/notify";
import { ProductPicture } from "../../../components/ProductPicture";
import { notifyServerFailure } from "../adminFeedback";
import { ACCEPTED, useFilePreview } from "./ImageField";
import { useSaveProductVariants } from "./useProductChanges";
import classes from "./VariantsSection.module.css";
import {
  MAX_OPTIONS,
  changeRows,
  errorSummary,
  generateCombinations,
  gridOf,
  incompleteOptions,
  missingCells,
  needsGenerating,
  newOption,
  rowLabel,
  variantsInput,
  type GridErrors,
  type GridOption,
  type GridRow,
  type VariantGrid,
} from "./variantGrid";

export const VARIANTS_SAVED = "Variants saved.";
export const NOT_SAVED = "The variants were not saved";

/** The grid's errors, shown at their cells and summed up; the first invalid cell takes focus when they show. */
function useGridErrors() {
  const ref = useRef<HTMLElement>(null);
  const [errors, setErrors] = useState<GridErrors>({});
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);
  return {
    ref,
    errorOf: (field: string): string | undefined => errors[field],
    show: (next: GridErrors) => {
      setErrors(next);
      setShown((count) => count + 1);
    },
    clear: (...fields: string[]) =>
      setErrors((current) => {
        if (fields.length === 0) return Object.keys(current).length ? {} : current;
        if (!fields.some((field) => field in current)) return current;
        const rest = { ...current };
        for (const field of fields) delete rest[field];
        return rest;
      }),
  };
}

export function VariantsSection({ product }: { product: AdminVariantGridFragment }) {
  const headingId = useId();
  const [grid, setGrid] = useState<VariantGrid>(() => gridOf(product));
  const [unfolded, setUnfolded] = useState(product.options.length > 0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkPrice, setBulkPrice] = useState<number | string>("");
  const [bulkStock, setBulkStock] = useState<number | string>("");
  const [summary, setSummary] = useState<string[] | null>(null);
  const { ref: sectionRef, errorOf, show: showFieldErrors, clear: clearErrors } = useGridErrors();
  const [saveVariants, { loading: saving }] = useSaveProductVariants();

  /** A change of the rows' order or number: the server's messages named rows by their place, so they go. */
  const reshape = (next: VariantGrid) => {
    setGrid(next);
    clearErrors();
    setSummary(null);
    setSelected((current) => new Set(next.rows.filter((row) => current.has(row.key)).map((row) => row.key)));
  };
  const changeOption = (index: number, change: Partial<GridOption>) => {
    setGrid((current) => ({ ...current, options: current.options.map((option, at) => (at === index ? { ...option, ...change } : option)) }));
    clearErrors(`options.${index}.${"name" in change ? "name" : "values"}`, "options");
  };
  const changeRow = (index: number, field: string, change: Partial<GridRow>) => {
    setGrid((current) => ({ ...current, rows: current.rows.map((row, at) => (at === index ? { ...row, ...change } : row)) }));
    clearErrors(`variants.${index}.${field}`);
  };
  // A new option's name box takes focus (the "Add options" button that asked for it is gone).
  const [addedOption, setAddedOption] = useState<string | null>(null);
  const addOption = () => {
    const option = newOption();
    setAddedOption(option.key);
    setGrid((current) => ({ ...current, options: [...current.options, option] }));
  };
  const removeOption = (index: number) => reshape({ ...grid, options: grid.options.filter((_, at) => at !== index) });

  const generate = () => {
    const incomplete = incompleteOptions(grid.options);
    if (Object.keys(incomplete).length > 0) {
      showFieldErrors(incomplete);
      setSummary(null);
      return;
    }
    reshape(generateCombinations(grid, { slug: product.slug, price: product.price, discountPrice: product.discountPrice ?? "", quantity: product.quantity }));
  };

  const bulk = (change: Partial<GridRow>, field: string) => {
    setGrid((current) => ({ ...current, rows: changeRows(current.rows, selected, change) }));
    clearErrors(...grid.rows.flatMap((row, index) => (selected.has(row.key) ? [`variants.${index}.${field}`] : [])));
  };

  const showErrors = (errors: GridErrors) => {
    showFieldErrors(errors);
    setSummary(errorSummary(grid, errors));
  };

  const save = async () => {
    const missing = missingCells(grid.rows);
    if (Object.keys(missing).length > 0) return showErrors(missing);
    try {
      const { data } = await saveVariants({ variables: { productId: product.id, input: variantsInput(grid) } });
      if (!data) return;
      setGrid(gridOf(data.saveProductVariants));
      setSelected(new Set());
      clearErrors();
      setSummary(null);
      notifySuccess(VARIANTS_SAVED);
    } catch (failure) {
      const fields = invalidInputFields(failure);
      if (fields) showErrors(fields);
      else notifyServerFailure(failure);
    }
  };

  const unfold = () => {
    setUnfolded(true);
    if (grid.options.length === 0) addOption();
  };

  return (
    <Paper withBorder p="xl" radius="md" component="section" aria-labelledby={headingId} ref={sectionRef} className={classes.section}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Variants
        </Title>
        {!unfolded ? (
          <>
            <Text size="sm">
              Sold in one variant{grid.rows[0] ? ` (SKU ${grid.rows[0].sku})` : ""}. Add options such as a pot size or a colour to sell it in several.
            </Text>
            <Group>
              <Button variant="light" onClick={unfold}>
                Add options
              </Button>
            </Group>
          </>
        ) : (
          <>
            <OptionsEditor options={grid.options} focusKey={addedOption} errorOf={errorOf} onChange={changeOption} onAdd={addOption} onRemove={removeOption} />
            <Group>
              <Button variant="light" onClick={generate}>
                Generate all combinations
              </Button>
            </Group>
            {needsGenerating(grid) && (
              <Text size="sm" fw={500} role="status">
                The options have changed: generate all combinations to update the grid.
              </Text>
            )}
            <BulkActions
              selectedCount={selected.size}
              total={grid.rows.length}
              price={bulkPrice}
              stock={bulkStock}
              onPriceChange={setBulkPrice}
              onStockChange={setBulkStock}
              onSetPrice={() => bulk({ price: bulkPrice }, "price")}
              onSetStock={() => bulk({ quantity: bulkStock }, "quantity")}
              onRemove={() => reshape({ ...grid, rows: grid.rows.filter((row) => !selected.has(row.key)) })}
            />
            <VariantTable
              productName={product.name}
              grid={grid}
              selected={selected}
              onSelect={setSelected}
              errorOf={errorOf}
              onChangeRow={changeRow}
            />
          </>
        )}
        {summary && summary.length > 0 && (
          <Alert color="red" title={NOT_SAVED} role="alert">
            <ul className={classes.summary}>
              {summary.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Alert>
        )}
        {unfolded && (
          <Group>
            <Button onClick={() => void save()} loading={saving}>
              Save variants
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

interface OptionsEditorProps {
  options: GridOption[];
  /** The option just added, whose name box takes focus. */
  focusKey: string | null;
  errorOf: (field: string) => string | undefined;
  onChange: (index: number, change: Partial<GridOption>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

function OptionsEditor({ options, focusKey, errorOf, onChange, onAdd, onRemove }: OptionsEditorProps) {
  return (
    <Stack gap="sm">
      {options.map((option, index) => (
        // A plain fieldset (Mantine's Fieldset and List are not among the styles the shop loads, app/mantineStyles.ts).
        <fieldset key={option.key} className={classes.option}>
          <legend className={classes.legend}>{`Option ${index + 1}`}</legend>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={`Option ${index + 1} name`}
              placeholder="e.g. Pot size"
              autoFocus={option.key === focusKey}
              value={option.name}
              onChange={(event) => onChange(index, { name: event.currentTarget.value })}
              error={errorOf(`options.${index}.name`)}
              w={200}
            />
            <ValuesInput
              label={`Option ${index + 1} values`}
              optionName={option.name.trim() || `option ${index + 1}`}
              values={option.values}
              onChange={(values) => onChange(index, { values })}
              error={errorOf(`options.${index}.values`)}
            />
            <Button variant="subtle" color="red" mt={24} onClick={() => onRemove(index)} aria-label={`Remove option ${index + 1}${option.name.trim() ? ` (${option.name.trim()})` : ""}`}>
              Remove option
            </Button>
          </Group>
        </fieldset>
      ))}
      {errorOf("options") && (
        <Text size="sm" c="red.8">
          {errorOf("options")}
        </Text>
      )}
      <Group>
        <Button variant="default" onClick={onAdd} disabled={options.length >= MAX_OPTIONS}>
          Add option
        </Button>
        {options.length >= MAX_OPTIONS && (
          <Text size="sm" c="dimmed">
            A product has at most {MAX_OPTIONS} options.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

interface ValuesInputProps {
  label: string;
  /** Names the remove buttons: "Remove 12 cm from Pot size". */
  optionName: string;
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
}

/**
 * An option's values as chips: typed into a text box and added with Enter or a comma (or on leaving the
 * box); each chip has its own remove button, reachable with Tab. A value given twice (any case) is kept once.
 */
function ValuesInput({ label, optionName, values, onChange, error }: ValuesInputProps) {
  const [typed, setTyped] = useState("");
  const add = (text: string) => {
    const added = text
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean);
    const next = [...values];
    for (const value of added) if (!next.some((known) => known.toLowerCase() === value.toLowerCase())) next.push(value);
    if (next.length !== values.length) onChange(next);
    setTyped("");
  };
  return (
    <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
      <TextInput
        label={label}
        description="Type a value, then Enter or a comma"
        placeholder="e.g. 12 cm"
        value={typed}
        onChange={(event) => {
          const text = event.currentTarget.value;
          if (text.includes(",")) add(text);
          else setTyped(text);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            add(typed);
          }
        }}
        onBlur={() => add(typed)}
        error={error}
      />
      {values.length > 0 && (
        <Group gap={6} component="ul" aria-label={`${optionName}: ${values.length === 1 ? "1 value" : `${values.length} values`}`} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {values.map((value) => (
            <Group key={value} component="li" gap={2} wrap="nowrap" className={classes.chip}>
              <Text size="sm">{value}</Text>
              <CloseButton size="sm" aria-label={`Remove ${value} from ${optionName}`} onClick={() => onChange(values.filter((known) => known !== value))} />
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}

interface BulkActionsProps {
  selectedCount: number;
  total: number;
  price: number | string;
  stock: number | string;
  onPriceChange: (value: number | string) => void;
  onStockChange: (value: number | string) => void;
  onSetPrice: () => void;
  onSetStock: () => void;
  onRemove: () => void;
}

function BulkActions({ selectedCount, total, price, stock, onPriceChange, onStockChange, onSetPrice, onSetStock, onRemove }: BulkActionsProps) {
  const none = selectedCount === 0;
  const blank = (value: number | string) => String(value).trim() === "";
  return (
    <Group align="flex-end" gap="sm" role="group" aria-label="Change the selected variants">
      <Text size="sm" aria-live="polite" mb={8}>
        {selectedCount} of {total} selected
      </Text>
      <Group align="flex-end" gap={6}>
        <NumberInput label="New price" value={price} onChange={onPriceChange} min={0} decimalScale={2} prefix="$" w={130} />
        <Button variant="default" onClick={onSetPrice} disabled={none || blank(price)}>
          Set price
        </Button>
      </Group>
      <Group align="flex-end" gap={6}>
        <NumberInput label="New stock" value={stock} onChange={onStockChange} min={0} allowDecimal={false} allowNegative={false} w={130} />
        <Button variant="default" onClick={onSetStock} disabled={none || blank(stock)}>
          Set stock
        </Button>
      </Group>
      <Button variant="light" color="red" onClick={onRemove} disabled={none}>
        Remove selected
      </Button>
    </Group>
  );
}

/**
 * A row's own picture: a preview (the file chosen here, else the stored picture), "Choose picture" and
 * "Remove picture". Without one, the product's pictures show the variant. The file is sent with the save.
 */
function VariantPictureCell({ row, label, error, onChange }: { row: GridRow; label: string; error?: string; onChange: (change: Partial<GridRow>) => void }) {
  const chosenUrl = useFilePreview(row.upload ?? null);
  const errorId = useId();
  const shown = chosenUrl !== null || Boolean(row.image) || Boolean(row.imageRef);
  return (
    <Stack gap={4} miw={150}>
      <Group gap={6} wrap="nowrap">
        {shown ? (
          <ProductPicture image={chosenUrl ? null : row.image} src={chosenUrl ?? row.imageRef} alt={`Picture of ${label}`} sizes="40px" w={40} h={40} radius="var(--mantine-radius-sm)" />
        ) : (
          <Text size="xs" c="dimmed" w={40}>
            None
          </Text>
        )}
        <FileButton accept={ACCEPTED} onChange={(file) => file && onChange({ upload: file, image: null })}>
          {(props) => (
            <Button {...props} size="compact-xs" variant="default" aria-label={`${shown ? "Change" : "Choose"} picture of ${label}`} aria-describedby={error ? errorId : undefined}>
              {shown ? "Change" : "Choose"}
            </Button>
          )}
        </FileButton>
        {shown && (
          <Button size="compact-xs" variant="subtle" color="red" aria-label={`Remove picture of ${label}`} onClick={() => onChange({ upload: null, image: null, imageRef: null })}>
            Remove
          </Button>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red.8" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}

interface VariantTableProps {
  productName: string;
  grid: VariantGrid;
  selected: ReadonlySet<string>;
  onSelect: (selected: ReadonlySet<string>) => void;
  errorOf: (field: string) => string | undefined;
  onChangeRow: (index: number, field: string, change: Partial<GridRow>) => void;
}

function VariantTable({ productName, grid, selected, onSelect, errorOf, onChangeRow }: VariantTableProps) {
  const { options, rows } = grid;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.key));
  const toggle = (key: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    onSelect(next);
  };
  return (
    <Table.ScrollContainer minWidth={920}>
      <Table verticalSpacing="xs" aria-label={`Variants of ${productName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select every variant"
                checked={allSelected}
                indeterminate={selected.size > 0 && !allSelected}
                onChange={(event) => onSelect(new Set(event.currentTarget.checked ? rows.map((row) => row.key) : []))}
              />
            </Table.Th>
            {options.length === 0 ? <Table.Th>Variant</Table.Th> : options.map((option, index) => <Table.Th key={option.key}>{option.name.trim() || `Option ${index + 1}`}</Table.Th>)}
            <Table.Th>SKU</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Discount price</Table.Th>
            <Table.Th>Stock</Table.Th>
            <Table.Th>On sale</Table.Th>
            <Table.Th>Picture</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const label = rowLabel(options, row, index);
            const field = (name: string) => `variants.${index}.${name}`;
            const rowError = errorOf(field("options")) ?? errorOf(field("id"));
            return (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <Checkbox aria-label={`Select ${label}`} checked={selected.has(row.key)} onChange={(event) => toggle(row.key, event.currentTarget.checked)} />
                </Table.Td>
                {(options.length === 0 ? [null] : options).map((option, at) => (
                  <Table.Th scope="row" key={option?.key ?? "variant"} fw={500}>
                    {option ? row.values[option.key] || "—" : label}
                    {at === 0 && rowError && (
                      <Text size="xs" c="red.8" fw={400}>
                        {rowError}
                      </Text>
                    )}
                  </Table.Th>
                ))}
                <Table.Td>
                  <TextInput
                    aria-label={`SKU of ${label}`}
                    value={row.sku}
                    onChange={(event) => onChangeRow(index, "sku", { sku: event.currentTarget.value })}
                    error={errorOf(field("sku"))}
                    miw={180}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Price of ${label}`}
                    value={row.price}
                    onChange={(value) => onChangeRow(index, "price", { price: value })}
                    min={0}
                    decimalScale={2}
                    prefix="$"
                    error={errorOf(field("price"))}
                    miw={100}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Discount price of ${label}`}
                    value={row.discountPrice}
                    onChange={(value) => onChangeRow(index, "discount_price", { discountPrice: value })}
                    min={0}
                    decimalScale={2}
                    prefix="$"
                    error={errorOf(field("discount_price"))}
                    miw={100}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Stock of ${label}`}
                    value={row.quantity}
                    onChange={(value) => onChangeRow(index, "quantity", { quantity: value })}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    error={errorOf(field("quantity"))}
                    miw={80}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`On sale: ${label}`}
                    checked={row.enabled}
                    onChange={(event) => onChangeRow(index, "enabled", { enabled: event.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <VariantPictureCell row={row} label={label} error={errorOf(field("image"))} onChange={(change) => onChangeRow(index, "image", change)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
