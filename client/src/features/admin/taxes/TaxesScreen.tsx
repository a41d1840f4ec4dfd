// Taxes: whether prices as entered hold their tax (the switch, with what each way means), the tax classes,
// the rates per region and class (and delivery's), and which class each category is in. Every change is
// sent at once and answered with the shop's tax settings, which the screen then shows. A staff role without
// catalogue:write reads them with every control disabled.
import { useQuery } from "@apollo/client/react";
import { NativeSelect, Stack, Switch, Table, Text } from "@mantine/core";
import { useState } from "react";
import { LoadingView } from "../../../components/LoadingView";
import { PageTitle } from "../../../components/PageTitle";
import { AdminTaxSettingsDocument, SetCategoryTaxClassDocument, SetPricesIncludeTaxDocument } from "./operations";
import { notifySuccess } from "../../../lib/notify";
import { notifyServerFailure } from "../adminFeedback";
import { AdminSection, AdminTable, LoadFailure, ReadOnlyFrame, useCan, useNotifyLoadFailure } from "../AdminParts";
import { TaxClassesSection } from "./TaxClassesSection";
import { TaxRatesTable } from "./TaxRatesTable";
import { useTaxChange, type TaxClass, type TaxSettings } from "./useTaxChange";

export const PRICES_INCLUDE_TAX_HELP = {
  on: "Prices and delivery fees as you enter them already hold their tax (as in Europe): shoppers pay the price shown, and invoices show the tax inside it.",
  off: "Tax is added on top of prices and delivery fees at checkout (as in the US), by the rate of the shopper's delivery region.",
};

export function TaxesScreen() {
  const { data, loading, error, refetch } = useQuery(AdminTaxSettingsDocument, { fetchPolicy: "cache-and-network" });
  useNotifyLoadFailure(error);
  const mayChange = useCan("catalogue:write");

  let body;
  if (!data) {
    body = error && !loading ? <LoadFailure what="the tax settings" onRetry={() => void refetch()} /> : <LoadingView label="Loading the tax settings" />;
  } else {
    const settings = data.taxSettings;
    body = (
      <ReadOnlyFrame readOnly={!mayChange}>
        <Stack gap="lg">
          <PricesIncludeTaxSection included={settings.pricesIncludeTax} />
          <TaxClassesSection classes={settings.classes} />
          <TaxRatesTable settings={settings} regions={data.regions.nodes} />
          <CategoryClassesSection settings={settings} categories={data.categories.nodes} />
        </Stack>
      </ReadOnlyFrame>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <PageTitle title="Taxes" />
        <Text c="dimmed" size="sm">
          The tax charged on each order line and on delivery, by the shopper's delivery region. A change applies to carts and orders from now on.
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}

function PricesIncludeTaxSection({ included }: { included: boolean }) {
  const [setIncluded, { loading }] = useTaxChange(SetPricesIncludeTaxDocument);
  const change = async (checked: boolean) => {
    try {
      await setIncluded({ variables: { included: checked } });
      notifySuccess(checked ? "Prices now include tax." : "Tax is now added to prices.");
    } catch (failure) {
      notifyServerFailure(failure);
    }
  };
  return (
    <AdminSection id="prices-and-tax" title="Prices and tax">
      <Switch
        label="Prices include tax"
        description={included ? PRICES_INCLUDE_TAX_HELP.on : PRICES_INCLUDE_TAX_HELP.off}
        checked={included}
        disabled={loading}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
    </AdminSection>
  );
}

function CategoryClassesSection({ settings, categories }: { settings: TaxSettings; categories: ReadonlyArray<{ id: number; name: string }> }) {
  const defaultClass = settings.classes.find((taxClass) => taxClass.isDefault);
  const classOf = (categoryId: number) => settings.categoryClasses.find((known) => known.categoryId === categoryId)?.taxClassId ?? defaultClass?.id;
  return (
    <AdminSection id="category-tax-classes" title="Categories">
      <Text size="sm" c="dimmed">
        The class each category's products are taxed by.
      </Text>
      {categories.length === 0 ? (
        <Text size="sm">No categories yet.</Text>
      ) : (
        <AdminTable label="Tax class of each category" minWidth={420} columns={["Category", "Tax class"]}>
          {categories.map((category) => (
            <CategoryClassRow key={category.id} category={category} classes={settings.classes} current={classOf(category.id)} />
          ))}
        </AdminTable>
      )}
    </AdminSection>
  );
}

function CategoryClassRow({ category, classes, current }: { category: { id: number; name: string }; classes: readonly TaxClass[]; current: number | undefined }) {
  const [setClass] = useTaxChange(SetCategoryTaxClassDocument);
  const [saving, setSaving] = useState(false);
  const change = async (value: string) => {
    const chosen = classes.find((taxClass) => String(taxClass.id) === value);
    if (!chosen) return;
    setSaving(true);
    try {
      await setClass({ variables: { categoryId: category.id, taxClassId: chosen.isDefault ? null : chosen.id } });
      notifySuccess(`${category.name} is taxed as ${chosen.name} from now on.`);
    } catch (failure) {
      notifyServerFailure(failure);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {category.name}
      </Table.Th>
      <Table.Td>
        <NativeSelect
          aria-label={`Tax class of ${category.name}`}
          value={current === undefined ? "" : String(current)}
          onChange={(event) => void change(event.currentTarget.value)}
          disabled={saving}
          data={classes.map((taxClass) => ({ value: String(taxClass.id), label: taxClass.isDefault ? `${taxClass.name} (default)` : taxClass.name }))}
          maw={280}
        />
      </Table.Td>
    </Table.Tr>
  );
}
