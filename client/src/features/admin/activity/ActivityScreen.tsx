// The owner's Activity screen (activity:read): the back office's audit trail, newest first, a page at a time.
// Filters: the person (everyone in the trail), the kind of entry, and a period of days (From and To, both
// included); they live in the address, so a filtered view can be bookmarked or sent. 'Export CSV' saves the
// filtered trail as activity-YYYY-MM-DD.csv (the server's words if it refuses). The rows: ActivityTable.
import { useApolloClient, useQuery } from "@apollo/client/react";
import { Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { PageTitle } from "../../../components/PageTitle";
import { ADMIN_PAGE_SIZE, nextPageVariables, useLastAnswer } from "../../../lib/apollo/pages";
import { downloadTextFile } from "../../../lib/downloadFile";
import { notifyServerFailure } from "../adminFeedback";
import { countLabel, listState, LoadFailure, PagedList } from "../AdminParts";
import { ActivityTable } from "./ActivityTable";
import { actorKindLabel, anyFilter, csvFileName, filterOf, paramsOf, periodReversed, withParam, type ActivityParams } from "./activityText";
import { ActivityChoicesDocument, ActivityCsvDocument, ActivityTrailDocument } from "./operations";

export const NO_ACTIVITY = "No activity matches these filters.";
export const PERIOD_REVERSED = "The end date is before the start date.";

/** The select's options: the default first, then the choices, and the address's value even if not (yet) among them. */
function optionsWith(first: string, choices: ReadonlyArray<{ value: string; label: string }>, current: string) {
  const known = current === "" || choices.some((choice) => choice.value === current);
  return [{ value: "", label: first }, ...choices, ...(known ? [] : [{ value: current, label: current }])];
}

function ActivityFilters({ params, onChange }: { params: ActivityParams; onChange: (name: keyof ActivityParams, value: string) => void }) {
  const { data } = useQuery(ActivityChoicesDocument);
  const people = (data?.activityActors ?? []).map((actor) => ({ value: actor.key, label: `${actor.name} (${actorKindLabel(actor.kind)})` }));
  const kinds = (data?.activityKinds ?? []).map((kind) => ({ value: kind, label: kind }));
  return (
    <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label="Filter the activity">
      <NativeSelect label="Person" value={params.person} onChange={(event) => onChange("person", event.currentTarget.value)} data={optionsWith("Everyone", people, params.person)} w={260} maw="100%" />
      <NativeSelect label="Kind" value={params.kind} onChange={(event) => onChange("kind", event.currentTarget.value)} data={optionsWith("All kinds", kinds, params.kind)} w={220} maw="100%" />
      <TextInput type="date" label="From" value={params.from} onChange={(event) => onChange("from", event.currentTarget.value)} w={170} />
      <TextInput
        type="date"
        label="To"
        description="Included."
        value={params.to}
        onChange={(event) => onChange("to", event.currentTarget.value)}
        error={periodReversed(params) ? PERIOD_REVERSED : undefined}
        w={170}
      />
    </Group>
  );
}

export function ActivityScreen() {
  const client = useApolloClient();
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const filter = filterOf(params);
  const [exporting, setExporting] = useState(false);
  const { data, loading, error, fetchMore, refetch } = useQuery(ActivityTrailDocument, {
    variables: { filter, first: ADMIN_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const list = listState(useLastAnswer(data?.activity, filter), false);
  const failed = error !== undefined && data === undefined && !loading;

  const change = (name: keyof ActivityParams, value: string) => setSearch((current) => withParam(current, name, value), { replace: true });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { data: csv } = await client.query({ query: ActivityCsvDocument, variables: { filter }, fetchPolicy: "network-only" });
      if (csv) downloadTextFile(csv.activityCsv, csvFileName());
    } catch (failure) {
      notifyServerFailure(failure);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <PageTitle title="Activity" />
          <Text c="dimmed" size="sm" data-testid="list-count">
            {list.page ? countLabel("entries", list.page.totalCount) : "Who changed what in the back office, and when."}
          </Text>
        </Stack>
        <Group gap="sm">
          {anyFilter(params) && (
            <Button variant="subtle" onClick={() => setSearch(new URLSearchParams(), { replace: true })}>
              Clear filters
            </Button>
          )}
          <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </Group>
      </Group>
      <ActivityFilters params={params} onChange={change} />
      <PagedList
        noun="entries"
        page={failed ? undefined : list.page}
        updating={list.updating}
        searching={false}
        failure={failed ? <LoadFailure what="the activity" onRetry={() => void refetch()} /> : undefined}
        empty={<EmptyState title={NO_ACTIVITY} description={anyFilter(params) ? "Try another person, kind or period." : undefined} />}
        onLoadMore={(page) => fetchMore({ variables: nextPageVariables(page) })}
      >
        {(entries) => <ActivityTable entries={entries} />}
      </PagedList>
    </Stack>
  );
}
