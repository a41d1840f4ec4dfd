// Delivery regions (spec sections 2, 4 and 8): the same pattern as categories, and each region shows
// its fee. Manage regions: 'No regions found matching your search.' when nothing matches. Add region
// (Title, Fee; Create) and Edit region (Name, Fee; Update). Every change shows the server's message and
// reloads the lists; a failed load shows the server's error text.
import { useQuery } from "@apollo/client/react";
import { NumberInput, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingView } from "../../../components/LoadingView";
import { AdminRegionsDocument, AdminRegionDocument } from "../../../graphql/generated/graphql";
import { serverMessage } from "../../../lib/apollo/errors";
import { ADMIN_PAGE_SIZE, nextPageVariables, useLastAnswer } from "../../../lib/apollo/pages";
import { formatMoney } from "../../../lib/money";
import { useGoBack } from "../../../lib/navigation/useGoBack";
import { notifySuccess } from "../../../lib/notify";
import { regionFee } from "../../../lib/pricing";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { notifyServerFailure } from "../adminFeedback";
import { AdminForm, listState, LoadFailure, useListSearch, useNotifyLoadFailure } from "../AdminParts";
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
  const { search, setSearch, query, typing } = useListSearch();
  const { data, error, refetch, fetchMore } = useQuery(AdminRegionsDocument, {
    variables: { search: query || undefined, first: ADMIN_PAGE_SIZE },
  });
  const list = listState(useLastAnswer(data?.regions, query), typing);
  const { deletingId, remove } = useDeleteRegion();

  useNotifyLoadFailure(error);

  return (
    <CatalogueEntries<RegionEntry>
      title="Manage regions"
      noun="regions"
      entryWord="Region"
      searchPlaceholder="Search region"
      emptyText={NO_REGIONS_FOUND}
      newLink={{ to: "/admin/add-region", label: "New Region" }}
      editPath={(region) => `/admin/edit-region/${region.id}`}
      {...list}
      onLoadMore={(page) => fetchMore({ variables: nextPageVariables(page) })}
      failure={error && !data && <LoadFailure what="the regions" onRetry={() => void refetch()} />}
      search={search}
      onSearch={setSearch}
      deletingId={deletingId}
      onDelete={(region) => void remove(region.id)}
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
  const save = async (region: { name: string; fee: number }) => {
    try {
      const result = await createRegion({ variables: region });
      if (result.data) notifySuccess(result.data.createRegion.message);
      goBack();
    } catch (error) {
      notifyServerFailure(error);
      return error;
    }
  };
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
  if (!region) {
    if (loading) return <LoadingView label="Loading region" />;
    return <EmptyState title="We could not load this region." description={error ? serverMessage(error) : undefined} />;
  }

  const save = async (changes: { name: string; fee: number }) => {
    try {
      const result = await updateRegion({ variables: { id: region.id, ...changes } });
      if (result.data) notifySuccess(result.data.updateRegion.message);
      goBack();
    } catch (failure) {
      notifyServerFailure(failure);
      return failure;
    }
  };
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
