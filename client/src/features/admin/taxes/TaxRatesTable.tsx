// The rates grid: a row per region, a column per tax class and one for delivery; each cell holds the rate
// in percent and its name as invoices print it (VAT 20%). An empty rate means none (the class, or delivery,
// is not taxed there). 'Save' on a row sends the cells of that row that changed; the server's problems show
// at the cell's inputs.
import { Button, NumberInput, Stack, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { SetDeliveryTaxRateDocument, SetTaxRateDocument } from "./operations";
import { invalidInputFields } from "../../../lib/apollo/errors";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { notifySuccess } from "../../../lib/notify";
import { notifyServerFailure } from "../adminFeedback";
import { AdminSection } from "../AdminParts";
import { useTaxChange, type TaxClass, type TaxSettings } from "./useTaxChange";

/** A cell: the delivery's, or a class's (by its id). */
type CellKey = "delivery" | `class-${number}`;

interface CellValue {
  rate: number | string;
  name: string;
}

/** The cells of a region's row as saved. */
export function savedCells(settings: Pick<TaxSettings, "rates" | "deliveryRates">, classes: readonly TaxClass[], regionId: number): Record<CellKey, CellValue> {
  const cells: Record<string, CellValue> = {};
  for (const taxClass of classes) {
    const rate = settings.rates.find((known) => known.regionId === regionId && known.taxClassId === taxClass.id);
    cells[`class-${taxClass.id}`] = rate ? { rate: rate.rate, name: rate.name } : { rate: "", name: "" };
  }
  const delivery = settings.deliveryRates.find((known) => known.regionId === regionId);
  cells.delivery = delivery ? { rate: delivery.rate, name: delivery.name } : { rate: "", name: "" };
  return cells as Record<CellKey, CellValue>;
}

const sameCell = (a: CellValue, b: CellValue) => String(a.rate) === String(b.rate) && a.name.trim() === b.name.trim();

export interface TaxRatesTableProps {
  settings: TaxSettings;
  regions: ReadonlyArray<{ id: number; name: string }>;
}

export function TaxRatesTable({ settings, regions }: TaxRatesTableProps) {
  const classes = settings.classes;
  return (
    <AdminSection id="tax-rates" title="Rates by region">
      <Text size="sm" c="dimmed">
        Each rate in percent (e.g. 20 or 8.875) with its name as invoices show it (e.g. VAT 20%). Leave a rate empty where that class, or delivery, is not
        taxed. Save a region's row to apply its changes; orders already placed keep the rates they were charged.
      </Text>
      {regions.length === 0 ? (
        <Text size="sm">Add delivery regions first: rates are set per region.</Text>
      ) : (
        <Table.ScrollContainer minWidth={260 + 200 * (classes.length + 1)}>
          <Table verticalSpacing="sm" aria-label="Tax rates by region" style={{ verticalAlign: "top" }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Region</Table.Th>
                {classes.map((taxClass) => (
                  <Table.Th scope="col" key={taxClass.id}>
                    {taxClass.name}
                  </Table.Th>
                ))}
                <Table.Th scope="col">Delivery</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Save</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {regions.map((region) => (
                <RateRow key={region.id} region={region} classes={classes} saved={savedCells(settings, classes, region.id)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </AdminSection>
  );
}

interface RateRowProps {
  region: { id: number; name: string };
  classes: readonly TaxClass[];
  saved: Record<CellKey, CellValue>;
}

function RateRow({ region, classes, saved }: RateRowProps) {
  // What the admin typed and has not saved yet, by cell; the rest shows as saved.
  const [drafts, setDrafts] = useState<Partial<Record<CellKey, CellValue>>>({});
  const [saving, setSaving] = useState(false);
  const { ref: rowRef, errorOf, show: showErrors, clear: clearErrors } = useFieldErrors<HTMLTableRowElement>();
  const [setTaxRate] = useTaxChange(SetTaxRateDocument);
  const [setDeliveryTaxRate] = useTaxChange(SetDeliveryTaxRateDocument);

  const cells: Array<{ key: CellKey; label: string; classId: number | null }> = [
    ...classes.map((taxClass) => ({ key: `class-${taxClass.id}` as CellKey, label: taxClass.name, classId: taxClass.id })),
    { key: "delivery", label: "Delivery", classId: null },
  ];
  const valueOf = (key: CellKey): CellValue => drafts[key] ?? saved[key] ?? { rate: "", name: "" };
  const changed = cells.filter((cell) => !sameCell(valueOf(cell.key), saved[cell.key] ?? { rate: "", name: "" }));

  const edit = (key: CellKey, change: Partial<CellValue>) => {
    setDrafts((current) => ({ ...current, [key]: { ...valueOf(key), ...change } }));
    clearErrors(`${key}.${"rate" in change ? "rate" : "name"}`);
  };

  const save = async () => {
    setSaving(true);
    clearErrors();
    for (const cell of changed) {
      const value = valueOf(cell.key);
      const empty = String(value.rate).trim() === "";
      const variables = { regionId: region.id, rate: empty ? null : Number(value.rate), name: empty ? null : value.name.trim() };
      try {
        if (cell.classId === null) await setDeliveryTaxRate({ variables });
        else await setTaxRate({ variables: { ...variables, taxClassId: cell.classId } });
        setDrafts((current) => {
          const rest = { ...current };
          delete rest[cell.key];
          return rest;
        });
      } catch (failure) {
        const fields = invalidInputFields(failure);
        if (fields) showErrors(Object.fromEntries(Object.entries(fields).map(([field, message]) => [`${cell.key}.${field}`, message])));
        else notifyServerFailure(failure);
        setSaving(false);
        return;
      }
    }
    setSaving(false);
    notifySuccess(`Tax rates for ${region.name} saved.`);
  };

  return (
    <Table.Tr ref={rowRef}>
      <Table.Th scope="row" fw={600}>
        {region.name}
      </Table.Th>
      {cells.map((cell) => {
        const value = valueOf(cell.key);
        const what = cell.classId === null ? `Delivery tax in ${region.name}` : `${cell.label} rate in ${region.name}`;
        return (
          <Table.Td key={cell.key}>
            <Stack gap={6}>
              <NumberInput
                aria-label={`${what}, percent`}
                placeholder="No tax"
                value={value.rate}
                onChange={(rate) => edit(cell.key, { rate })}
                min={0}
                max={100}
                decimalScale={4}
                allowNegative={false}
                suffix="%"
                error={errorOf(`${cell.key}.rate`)}
              />
              <TextInput
                aria-label={`${what}, name on invoices`}
                placeholder="Name, e.g. VAT 20%"
                value={value.name}
                onChange={(event) => edit(cell.key, { name: event.currentTarget.value })}
                error={errorOf(`${cell.key}.name`)}
              />
            </Stack>
          </Table.Td>
        );
      })}
      <Table.Td>
        <Button size="xs" onClick={() => void save()} loading={saving} disabled={changed.length === 0} aria-label={`Save the rates for ${region.name}`}>
          Save
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
