// One webhook endpoint: its settings (edit, turn on or off), 'Send a test event', secret
// rotation (the new secret shown once; the old one signs too for a day), deletion, and its delivery log:
// each event with its state, attempts, the last response code and when, and 'Send again'.
import { PageTitle } from "../../../components/PageTitle";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingView } from "../../../components/LoadingView";
import {
  AdminWebhookEndpointDocument,
  AdminWebhookEndpointsDocument,
  DeleteWebhookEndpointDocument,
  ResendWebhookDeliveryDocument,
  RotateWebhookSecretDocument,
  SendTestWebhookDocument,
  UpdateWebhookEndpointDocument,
  type AdminWebhookDeliveryFragment,
} from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE, nodesOf } from "../../../lib/apollo/pages";
import { notifySuccess, reportChange } from "../../../lib/notify";
import { notifyServerFailure } from "../adminFeedback";
import { AdminTable } from "../AdminParts";
import { ConfirmDialog, EndpointForm, EndpointStatus, fieldErrorsOf, SecretReveal, when, type EndpointValues } from "./integrationParts";

const INTEGRATIONS_WEBHOOKS = "/admin/integrations?tab=webhooks";
/** The log refreshes itself this often, so retries and deliveries show as they happen. */
const LOG_REFRESH_MS = 5000;

const STATE_COLOURS = { PENDING: "yellow", DELIVERED: "green", FAILED: "red" } as const;
const STATE_WORDS = { PENDING: "Pending", DELIVERED: "Delivered", FAILED: "Failed" } as const;

function DeliveryRow({ delivery, onResend, resending }: { delivery: AdminWebhookDeliveryFragment; onResend: () => void; resending: boolean }) {
  const detail = delivery.lastError ?? (delivery.responseExcerpt ? `Answer: ${delivery.responseExcerpt}` : null);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {delivery.eventType}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {delivery.eventId}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATE_COLOURS[delivery.state]}>{STATE_WORDS[delivery.state]}</Badge>
        {detail && (
          <Text size="xs" c="dimmed" lineClamp={2} title={detail}>
            {detail}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{delivery.attempts}</Table.Td>
      <Table.Td>{delivery.responseStatus ?? "—"}</Table.Td>
      <Table.Td>
        <Text size="sm">{when(delivery.deliveredAt ?? delivery.lastAttemptAt, "Not tried yet")}</Text>
        {delivery.nextAttemptAt && (
          <Text size="xs" c="dimmed">
            Next try: {when(delivery.nextAttemptAt)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" loading={resending} onClick={onResend} aria-label={`Send again: ${delivery.eventType} ${delivery.eventId}`}>
          Send again
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function WebhookEndpointScreen() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { data, loading, error, refetch, fetchMore } = useQuery(AdminWebhookEndpointDocument, {
    variables: { id, first: ADMIN_PAGE_SIZE },
    skip: !Number.isInteger(id),
    pollInterval: LOG_REFRESH_MS,
    fetchPolicy: "cache-and-network",
  });
  const [update, updating] = useMutation(UpdateWebhookEndpointDocument);
  const [rotate, rotating] = useMutation(RotateWebhookSecretDocument);
  const [sendTest, testing] = useMutation(SendTestWebhookDocument);
  const [resend] = useMutation(ResendWebhookDeliveryDocument);
  const [remove, removing] = useMutation(DeleteWebhookEndpointDocument, { refetchQueries: [AdminWebhookEndpointsDocument] });
  const [secret, setSecret] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [resendingId, setResendingId] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (loading && !data) return <LoadingView label="Loading the webhook endpoint" />;
  if (!data?.webhookEndpoint) {
    return (
      <EmptyState
        title={error ? "We could not load this webhook endpoint." : "Webhook endpoint not found."}
        action={
          <Button variant="light" onClick={() => navigate(INTEGRATIONS_WEBHOOKS)}>
            Back to webhooks
          </Button>
        }
      />
    );
  }
  const endpoint = data.webhookEndpoint;
  const page = endpoint.deliveries;
  const deliveries = nodesOf(page);
  const initial: EndpointValues = {
    url: endpoint.url,
    description: endpoint.description,
    events: [...endpoint.events],
    active: endpoint.active,
    stockLowThreshold: endpoint.stockLowThreshold,
  };

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await refetch();
    } catch (failure) {
      notifyServerFailure(failure);
    }
  };
  const save = async (values: EndpointValues) => {
    setErrors({});
    try {
      await update({ variables: { id: endpoint.id, input: values } });
      notifySuccess("Webhook endpoint saved.");
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyServerFailure(failure);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <PageTitle title={endpoint.url} style={{ wordBreak: "break-all" }} />
        <Group gap="xs">
          <EndpointStatus endpoint={endpoint} />
          <Text size="sm" c="dimmed">
            Signing secret {endpoint.secretStart}
          </Text>
        </Group>
      </Stack>
      {!endpoint.active && endpoint.disabledAt && (
        <Alert color="red" title="Turned off by the shop" role="alert">
          {endpoint.disabledReason ?? "Every delivery failed for a day."} Turn it on again below once the receiver works.
        </Alert>
      )}
      {secret && (
        <SecretReveal
          title="Copy the new signing secret now"
          note="For the next 24 hours each delivery is signed with both the new and the old secret, so your receiver can switch over."
          secret={secret}
          onDone={() => setSecret(null)}
        />
      )}
      <Group gap="sm">
        <Button
          variant="light"
          loading={testing.loading}
          onClick={() =>
            void run(async () => {
              await sendTest({ variables: { endpointId: endpoint.id } });
              notifySuccess("A test event is on its way.");
            })
          }
        >
          Send a test event
        </Button>
        <Button
          variant="light"
          loading={rotating.loading}
          onClick={() =>
            void run(async () => {
              const result = await rotate({ variables: { id: endpoint.id } });
              if (result.data) setSecret(result.data.rotateWebhookSecret.secret);
            })
          }
        >
          Rotate secret
        </Button>
        <Button variant="light" color="red" onClick={() => setConfirmDelete(true)}>
          Delete endpoint
        </Button>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Delivery log
        </Title>
        {deliveries.length === 0 ? (
          <EmptyState title="Nothing sent yet." description="Events this endpoint asked for appear here, newest first. 'Send a test event' tries it now." />
        ) : (
          <AdminTable
            label="Delivery log"
            minWidth={760}
            columns={[
              "Event",
              "Status",
              "Attempts",
              "Response code",
              "Time",
              <Tooltip label="The same event (same webhook-id) is queued again">
                <span>Send again</span>
              </Tooltip>,
            ]}
          >
            {deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                resending={resendingId === delivery.id}
                onResend={() => {
                  setResendingId(delivery.id);
                  void run(async () => {
                    await resend({ variables: { id: delivery.id } });
                    notifySuccess("The event is queued again.");
                  }).finally(() => setResendingId(null));
                }}
              />
            ))}
          </AdminTable>
        )}
        {page.pageInfo.hasNextPage && (
          <Group mt="sm">
            <Button variant="default" onClick={() => void fetchMore({ variables: { after: page.pageInfo.endCursor ?? null } })}>
              Load older deliveries
            </Button>
          </Group>
        )}
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Settings
        </Title>
        <EndpointForm key={endpoint.id} initial={initial} eventTypes={data.webhookEventTypes} submitLabel="Save" submitting={updating.loading} errors={errors} onSubmit={(values) => void save(values)} />
      </Paper>

      <ConfirmDialog
        opened={confirmDelete}
        title="Delete this endpoint?"
        text="The shop stops sending it events, and its delivery log is deleted."
        confirmLabel="Delete endpoint"
        confirming={removing.loading}
        onConfirm={() => void reportChange(remove({ variables: { id: endpoint.id } }), (data) => data.deleteWebhookEndpoint.message, notifyServerFailure, () => navigate(INTEGRATIONS_WEBHOOKS))}
        onClose={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}
