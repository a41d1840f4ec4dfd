// Delivery regions: the same pattern as categories, and each region shows
// its fee. Manage regions: 'No regions found matching your search.' when nothing matches. Add region
// (Title, Fee; Create) and Edit region (Name, Fee; Update). Every change shows the server's message and
// reloads the lists; a failed load shows the server's error text.
import { useQuery } from "@apollo/client/react";
import { NumberInput, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { AdminRegionsDocument, AdminRegionDocument } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE } from "../../../lib/apollo/pages";
import { formatMoney } from "../../../lib/money";
import { useGoBack } from "../../../lib/navigation/useGoBack";
import { reportChange } from "../../../lib/notify";
import { regionFee } from "../../../lib/pricing";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { notifyServerFailure } from "../adminFeedback";
import { AdminForm, EntryNotLoaded, useListSearch, useNotifyLoadFailure } from "../AdminParts";
import { CatalogueEntries } from "../CatalogueEntries";
import { REQUIRED } from "../adminRules";
import { useCreateRegion, useDeleteRegion, useUpdateRegion } from "./useRegionChanges";

export const NO_REGIONS_FOUND = "No regions found matching your search.";
const MANAGE_REGIONS = "/admin/manage-region";

interface RegionEntry {
  id: number;
  name: string;
  fee: number | string;
}

export function ManageRegionsScreen() {
  const search = useListSearch();
  const query = useQuery(AdminRegionsDocument, { variables: { search: search.query || undefined, first: ADMIN_PAGE_SIZE } });
  const deletion = useDeleteRegion();
  return (
    <CatalogueEntries<RegionEntry>
      noun="regions"
      entryWord="Region"
      emptyText={NO_REGIONS_FOUND}
      search={search}
      query={{ ...query, page: query.data?.regions }}
      deletion={deletion}
      detail={(region) => (
        <Text size="sm" c="dimmed">
          Fee: {formatMoney(regionFee(region))}
        </Text>
      )}
    />
  );
}

interface RegionFormProps {
  title: string;
  nameLabel: string;
  submitLabel: string;
  initial: { name: string; fee: number | string };
  submitting: boolean;
  /** Saves; resolves with the failure when the save failed (its field messages show beside the fields). */
  onSubmit: (region: { name: string; fee: number }) => Promise<unknown>;
}

function RegionForm({ title, nameLabel, submitLabel, initial, submitting, onSubmit }: RegionFormProps) {
  const [name, setName] = useState(initial.name);
  const [fee, setFee] = useState<number | string>(initial.fee);
  const fieldErrors = useFieldErrors();
  const submit = async () => {
    // The fee is the one field the API cannot take empty; its bounds are the server's.
    if (String(fee).trim() === "") {
      fieldErrors.show({ fee: REQUIRED });
      return;
    }
    const failure = await onSubmit({ name, fee: Number(fee) });
    if (failure) fieldErrors.showFailure(failure);
  };
  return (
    <AdminForm title={title} submitLabel={submitLabel} submitting={submitting} onSubmit={() => void submit()} formRef={fieldErrors.ref}>
      <TextInput
        label={nameLabel}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={fieldErrors.errorOf("name")}
        withAsterisk
      />
      <NumberInput
        label="Fee"
        value={fee}
        onChange={(value) => {
          setFee(value);
          fieldErrors.clear("fee");
        }}
        min={0}
        decimalScale={2}
        prefix="$"
        error={fieldErrors.errorOf("fee")}
        withAsterisk
      />
    </AdminForm>
  );
}

export function AddRegionScreen() {
  const goBack = useGoBack(MANAGE_REGIONS);
  const [createRegion, { loading }] = useCreateRegion();
  const save = (region: { name: string; fee: number }) =>
    reportChange(createRegion({ variables: region }), (data) => data.createRegion.message, notifyServerFailure, goBack);
  return (
    <RegionForm
      title="New region"
      nameLabel="Title"
      submitLabel="Create"
      initial={{ name: "", fee: "" }}
      submitting={loading}
      onSubmit={save}
    />
  );
}

export function EditRegionScreen() {
  const id = Number(useParams().id);
  const goBack = useGoBack(MANAGE_REGIONS);
  const { data, loading, error } = useQuery(AdminRegionDocument, { variables: { id }, skip: !Number.isInteger(id), fetchPolicy: "cache-and-network" });
  const [updateRegion, { loading: saving }] = useUpdateRegion();

  useNotifyLoadFailure(error);

  const region = data?.region;
  if (!region) return <EntryNotLoaded word="region" loading={loading} error={error} />;

  const save = (changes: { name: string; fee: number }) =>
    reportChange(updateRegion({ variables: { id: region.id, ...changes } }), (data) => data.updateRegion.message, notifyServerFailure, goBack);
  return (
    <RegionForm
      key={region.id}
      title="Edit region"
      nameLabel="Name"
      submitLabel="Update"
      initial={{ name: region.name, fee: regionFee(region) }}
      submitting={saving}
      onSubmit={save}
    />
  );
}
