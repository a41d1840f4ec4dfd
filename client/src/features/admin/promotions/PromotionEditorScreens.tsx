// New promotion (/admin/promotions/new) and Edit promotion (/admin/promotions/{id}): name; kind and its value
// (percent, amount, or buy X get Y; free delivery needs none); what it applies to (every item, or chosen
// categories, products and variants); a minimum order value and quantity; when it runs; its limits (orders in all,
// per customer); whether it combines with others and applies to items already discounted; and whether it
// applies by itself or with a code. Save shows the server's problems at their fields, else says so and
// goes back to the list. Beside the form, the live preview; under an existing code promotion, its codes.
import { useQuery } from "@apollo/client/react";
import { Anchor, Checkbox, Grid, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { PageTitle } from "../../../components/PageTitle";
import { type AdminPromotionFieldsFragment, type PromotionInput, type PromotionKind } from "../../../graphql/generated/graphql";
import { AdminPromotionDocument, PromotionChosenProductsDocument, PromotionEditorChoicesDocument, PromotionProductChoicesDocument } from "./operations";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { useGoBack } from "../../../lib/navigation/useGoBack";
import { reportChange } from "../../../lib/notify";
import { notifyServerFailure } from "../adminFeedback";
import { EntryNotLoaded, SubmitButton, useNotifyLoadFailure } from "../AdminParts";
import { ItemsChooser } from "./PromotionItemsChooser";
import { PromotionCodesSection } from "./PromotionCodesSection";
import { PREVIEW_DEBOUNCE_MS, PromotionPreviewPanel } from "./PromotionPreviewPanel";
import { PromotionStatusBadge, PROMOTIONS_PATH } from "./PromotionsScreen";
import {
  emptyPromotionForm,
  promotionFormProblems,
  promotionFormValues,
  promotionInput,
  SERVER_FIELD,
  type PromotionFormValues,
} from "./promotionForm";
import { itemNames, KIND_LABEL, PROMOTION_KINDS, usesText } from "./promotionText";
import { useCreatePromotion, useUpdatePromotion } from "./usePromotionChanges";

/** How many of the catalogue's products the editor loads, for names and the preview's sample cart. */
const CATALOGUE_FOR_EDITOR = 100;

interface PromotionEditorProps {
  title: string;
  initial: PromotionFormValues;
  /** The promotion as saved (edit): its status, uses and codes. */
  promotion?: AdminPromotionFieldsFragment;
  submitting: boolean;
  /** Saves; resolves with the failure when the save failed (its field messages show beside the fields). */
  onSubmit: (values: PromotionFormValues) => Promise<unknown>;
}

function PromotionEditor({ title, initial, promotion, submitting, onSubmit }: PromotionEditorProps) {
  const [values, setValues] = useState(initial);
  const { ref: formRef, errorOf, show: showErrors, showFailure, clear: clearErrors } = useFieldErrors();
  const { data: choices } = useQuery(PromotionEditorChoicesDocument);
  const { data: catalogue } = useQuery(PromotionProductChoicesDocument, { variables: { first: CATALOGUE_FOR_EDITOR } });
  // The products and variants the promotion named when the editor opened, asked for by id: they may be
  // anywhere in the catalogue, not only among the newest it loads (items added later are named by the search).
  const [named] = useState(() => ({ ids: initial.productIds, variantIds: initial.variantIds }));
  const { data: chosen } = useQuery(PromotionChosenProductsDocument, { variables: named, skip: named.ids.length + named.variantIds.length === 0 });
  const products = useMemo(() => {
    const newest = catalogue?.products.nodes ?? [];
    // The chosen products join the preview's sample cart too, with their variants on sale.
    const more = (chosen?.productsByIds ?? [])
      .filter((product) => !newest.some((known) => known.id === product.id))
      .map((product) => ({ ...product, variants: product.variants.filter((variant) => variant.enabled) }));
    return [...newest, ...more];
  }, [catalogue, chosen]);
  const known = useMemo(() => itemNames([...products, ...(chosen?.productsByIds ?? [])]), [products, chosen]);

  const set = <K extends keyof PromotionFormValues>(field: K, value: PromotionFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in SERVER_FIELD) clearErrors(SERVER_FIELD[field as keyof typeof SERVER_FIELD]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = promotionFormProblems(values);
    if (Object.keys(problems).length > 0) return showErrors(problems);
    clearErrors();
    const failure = await onSubmit(values);
    if (failure) showFailure(failure);
  };

  // The preview asks with the promotion once the editing pauses (and is not drawn again at every key).
  const input = useMemo(() => JSON.stringify(promotionInput(values)), [values]);
  const [previewed] = useDebouncedValue(input, PREVIEW_DEBOUNCE_MS);
  const previewInput = useMemo(() => JSON.parse(previewed) as PromotionInput, [previewed]);
  const regions = useMemo(() => choices?.regions.nodes ?? [], [choices]);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <PageTitle title={title} />
          {promotion && (
            <Group gap="sm">
              <PromotionStatusBadge status={promotion.status} />
              <Text size="sm" c="dimmed">
                Uses: {usesText(promotion)}
              </Text>
            </Group>
          )}
        </Stack>
        <Anchor component={Link} to={PROMOTIONS_PATH}>
          Back to the promotions
        </Anchor>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="xl" radius="md">
              <form ref={formRef} onSubmit={(event) => void submit(event)} aria-label={title} noValidate>
                <Stack gap="lg">
                  <TextInput
                    label="Name"
                    description="Shoppers see it in the cart and on their order."
                    value={values.name}
                    onChange={(event) => set("name", event.currentTarget.value)}
                    error={errorOf("name")}
                    withAsterisk
                  />
                  <Section legend="Discount">
                    <Radio.Group label="Kind" value={values.kind} onChange={(kind) => set("kind", kind as PromotionKind)} error={errorOf("kind")}>
                      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
                        {PROMOTION_KINDS.map((kind) => (
                          <Radio key={kind} value={kind} label={KIND_LABEL[kind]} />
                        ))}
                      </SimpleGrid>
                    </Radio.Group>
                    <KindValue values={values} set={set} errorOf={errorOf} />
                  </Section>
                  <Section legend="Items">
                    <ItemsChooser
                      scope={values.scope}
                      categoryIds={values.categoryIds}
                      productIds={values.productIds}
                      variantIds={values.variantIds}
                      categories={choices?.categories.nodes ?? []}
                      known={known}
                      onScope={(scope) => {
                        set("scope", scope);
                        clearErrors(SERVER_FIELD.categoryIds);
                      }}
                      onCategories={(ids) => set("categoryIds", ids)}
                      onProducts={(ids) => {
                        set("productIds", ids);
                        clearErrors(SERVER_FIELD.categoryIds);
                      }}
                      onVariants={(ids) => {
                        set("variantIds", ids);
                        clearErrors(SERVER_FIELD.categoryIds);
                      }}
                      errorOf={errorOf}
                    />
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <NumberInput
                        label="Minimum order value"
                        description="The items total before promotions. Empty: any."
                        value={values.minItems}
                        onChange={(value) => set("minItems", value)}
                        min={0}
                        decimalScale={2}
                        prefix="$"
                        error={errorOf("min_items")}
                      />
                      <NumberInput
                        label="Minimum quantity"
                        description="Units of the items it applies to. Empty: any."
                        value={values.minQuantity}
                        onChange={(value) => set("minQuantity", value)}
                        min={1}
                        allowDecimal={false}
                        allowNegative={false}
                        error={errorOf("min_quantity")}
                      />
                    </SimpleGrid>
                    <Checkbox
                      label="Also on items that already have a discount price"
                      checked={values.onDiscountedItems}
                      onChange={(event) => set("onDiscountedItems", event.currentTarget.checked)}
                    />
                  </Section>
                  <Section legend="When and how often">
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput
                        type="datetime-local"
                        label="Starts"
                        description="Empty: as soon as it is saved."
                        value={values.startsAt}
                        onChange={(event) => set("startsAt", event.currentTarget.value)}
                        error={errorOf("starts_at")}
                      />
                      <TextInput
                        type="datetime-local"
                        label="Ends"
                        description="Empty: it never ends."
                        value={values.endsAt}
                        onChange={(event) => set("endsAt", event.currentTarget.value)}
                        error={errorOf("ends_at")}
                      />
                      <NumberInput
                        label="Usage limit"
                        description="Orders in all. Empty: no limit."
                        value={values.usageLimit}
                        onChange={(value) => set("usageLimit", value)}
                        min={1}
                        allowDecimal={false}
                        allowNegative={false}
                        error={errorOf("usage_limit")}
                      />
                      <NumberInput
                        label="Limit per customer"
                        description="Orders per customer (guests by e-mail). Empty: no limit."
                        value={values.perCustomerLimit}
                        onChange={(value) => set("perCustomerLimit", value)}
                        min={1}
                        allowDecimal={false}
                        allowNegative={false}
                        error={errorOf("per_customer_limit")}
                      />
                    </SimpleGrid>
                    <Checkbox
                      label="Combines with other promotions"
                      description="Otherwise the single best promotion for the shopper wins."
                      checked={values.combinable}
                      onChange={(event) => set("combinable", event.currentTarget.checked)}
                    />
                  </Section>
                  <Section legend="How shoppers get it">
                    <Radio.Group
                      label="Applies"
                      value={values.automatic ? "automatic" : "code"}
                      onChange={(value) => {
                        set("automatic", value === "automatic");
                        clearErrors(SERVER_FIELD.code);
                      }}
                    >
                      <Group mt={6} gap="lg">
                        <Radio value="code" label="With a code" />
                        <Radio value="automatic" label="Automatically, without a code" />
                      </Group>
                    </Radio.Group>
                    {!values.automatic && (
                      <TextInput
                        label="Code"
                        description="Shoppers enter it in the cart (any case). Leave it empty to hand out single-use codes only: generate them once it is saved. Emptying it removes the shared code (orders that used it keep it)."
                        value={values.code}
                        onChange={(event) => set("code", event.currentTarget.value.toUpperCase())}
                        error={errorOf("code")}
                        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
                      />
                    )}
                  </Section>
                  <SubmitButton label="Save" submitting={submitting} />
                </Stack>
              </form>
            </Paper>
            {promotion && !promotion.automatic && <PromotionCodesSection promotion={promotion} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div style={{ position: "sticky", top: 16 }}>
            <PromotionPreviewPanel input={previewInput} editing={previewed !== input} products={products} regions={regions} />
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A titled group of the form's fields: a fieldset and its legend (screen readers name the group). */
function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Paper component="fieldset" withBorder radius="md" p="md" pt="xs" style={{ margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={700} px={6}>
        {legend}
      </Text>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

interface KindValueProps {
  values: PromotionFormValues;
  set: <K extends keyof PromotionFormValues>(field: K, value: PromotionFormValues[K]) => void;
  errorOf: (field: string) => string | undefined;
}

/** The chosen kind's value: a percentage, an amount, or how many to buy and how many are free. */
function KindValue({ values, set, errorOf }: KindValueProps) {
  switch (values.kind) {
    case "PERCENT_OFF":
      return (
        <NumberInput
          label="Percentage"
          value={values.percent}
          onChange={(value) => set("percent", value)}
          min={0}
          max={100}
          decimalScale={2}
          suffix="%"
          error={errorOf("percent")}
          withAsterisk
          maw={220}
        />
      );
    case "AMOUNT_OFF":
      return (
        <NumberInput
          label="Amount"
          description="Taken off the items it applies to, shared between them."
          value={values.amount}
          onChange={(value) => set("amount", value)}
          min={0}
          decimalScale={2}
          prefix="$"
          error={errorOf("amount")}
          withAsterisk
          maw={220}
        />
      );
    case "BUY_X_GET_Y":
      return (
        <Stack gap={4}>
          <SimpleGrid cols={2} maw={440}>
            <NumberInput
              label="Units bought"
              description="e.g. buy 2 …"
              value={values.buyQuantity}
              onChange={(value) => set("buyQuantity", value)}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              error={errorOf("buy_quantity")}
              withAsterisk
            />
            <NumberInput
              label="Units free"
              description="… get 1 free"
              value={values.getQuantity}
              onChange={(value) => set("getQuantity", value)}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              error={errorOf("get_quantity")}
              withAsterisk
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            The cheapest units of the items it applies to are the free ones.
          </Text>
        </Stack>
      );
    case "FREE_DELIVERY":
      return (
        <Text size="sm" c="dimmed">
          The delivery fee is taken off the order.
        </Text>
      );
  }
}

export function NewPromotionScreen() {
  const goBack = useGoBack(PROMOTIONS_PATH);
  const [createPromotion, { loading }] = useCreatePromotion();
  const save = (values: PromotionFormValues) =>
    reportChange(
      createPromotion({ variables: { input: promotionInput(values) } }),
      (data) => `Promotion ${data.createPromotion.name} created.`,
      (failure) => notifyServerFailure(failure),
      goBack,
    );
  return <PromotionEditor title="New promotion" initial={emptyPromotionForm()} submitting={loading} onSubmit={save} />;
}

export function EditPromotionScreen() {
  const id = Number(useParams().id);
  const goBack = useGoBack(PROMOTIONS_PATH);
  const { data, loading, error } = useQuery(AdminPromotionDocument, { variables: { id }, skip: !Number.isInteger(id), fetchPolicy: "cache-and-network" });
  const [updatePromotion, { loading: saving }] = useUpdatePromotion();
  useNotifyLoadFailure(error);

  const promotion = data?.promotion;
  if (!promotion) return <EntryNotLoaded word="promotion" loading={loading} error={error} />;

  const save = (values: PromotionFormValues) =>
    reportChange(
      updatePromotion({ variables: { id: promotion.id, input: promotionInput(values) } }),
      (answer) => `Promotion ${answer.updatePromotion.name} saved.`,
      (failure) => notifyServerFailure(failure),
      goBack,
    );
  return (
    <PromotionEditor key={promotion.id} title="Edit promotion" initial={promotionFormValues(promotion)} promotion={promotion} submitting={saving} onSubmit={save} />
  );
}
