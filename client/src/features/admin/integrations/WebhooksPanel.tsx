// Webhook endpoints: each with its URL, the events it wants and its state (a day of failures
// turns it off, and the panel says so), a link to its delivery log, and the form to add one, whose
// signing secret is shown once it is made.
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingView } from "../../../components/LoadingView";
import { AdminWebhookEndpointsDocument, CreateWebhookEndpointDocument } from "../../../graphql/generated/graphql";
import { notifySuccess } from "../../../lib/notify";
import { notifyServerFailure } from "../adminFeedback";
import { LoadFailure } from "../AdminParts";
import { EndpointForm, EndpointStatus, eventName, fieldErrorsOf, NEW_ENDPOINT, SecretReveal, type EndpointValues } from "./integrationParts";

export const endpointPath = (id: number) => `/admin/integrations/webhooks/${id}`;

export function WebhooksPanel() {
  const { data, loading, error, refetch } = useQuery(AdminWebhookEndpointsDocument, { fetchPolicy: "cache-and-network" });
  const [createEndpoint, creation] = useMutation(CreateWebhookEndpointDocument, { refetchQueries: [AdminWebhookEndpointsDocument] });
  const [secret, setSecret] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formKey, setFormKey] = useState(0);

  const add = async (values: EndpointValues) => {
    setErrors({});
    try {
      const result = await createEndpoint({ variables: { input: values } });
      if (!result.data) return;
      notifySuccess(result.data.createWebhookEndpoint.message);
      setSecret(result.data.createWebhookEndpoint.secret);
      setFormKey((key) => key + 1);
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyServerFailure(failure);
    }
  };

  if (loading && !data) return <LoadingView label="Loading webhook endpoints" />;
  if (error && !data) return <LoadFailure what="the webhook endpoints" onRetry={() => void refetch()} />;
  const endpoints = data!.webhookEndpoints;
  const turnedOff = endpoints.filter((endpoint) => !endpoint.active && endpoint.disabledAt);
  return (
    <Stack gap="md">
      {turnedOff.length > 0 && (
        <Alert color="red" title="Webhook endpoints turned off" role="alert">
          {turnedOff.length === 1 ? "One endpoint was" : `${turnedOff.length} endpoints were`} turned off after every delivery failed for a day.
          Fix the receiver, then turn the endpoint on again: events since then can be sent again from its delivery log.
        </Alert>
      )}
      {secret && (
        <SecretReveal
          title="Copy the signing secret now"
          note="Receivers check each delivery's webhook-signature with this secret (Standard Webhooks). It is shown now; rotate it to get a new one."
          secret={secret}
          onDone={() => setSecret(null)}
        />
      )}
      {endpoints.length === 0 ? (
        <EmptyState title="No webhook endpoints yet." description="Add one to have the shop POST its events (new orders, status changes, products, customers) to your systems." />
      ) : (
        <Stack gap="sm">
          {endpoints.map((endpoint) => (
            <Paper key={endpoint.id} withBorder p="md" radius="md" component="article" aria-label={endpoint.url}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap">
                  <Anchor component={Link} to={endpointPath(endpoint.id)} fw={600} style={{ wordBreak: "break-all" }}>
                    {endpoint.url}
                  </Anchor>
                  <EndpointStatus endpoint={endpoint} />
                </Group>
                {endpoint.description && (
                  <Text size="sm" c="dimmed">
                    {endpoint.description}
                  </Text>
                )}
                <Group gap={4}>
                  {endpoint.events.map((event) => (
                    <Badge key={event} variant="light" tt="none">
                      {eventName(event)}
                    </Badge>
                  ))}
                </Group>
                <Group>
                  <Button component={Link} to={endpointPath(endpoint.id)} size="xs" variant="light" aria-label={`Delivery log of ${endpoint.url}`}>
                    Delivery log
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add an endpoint
          </Title>
          <EndpointForm key={formKey} initial={NEW_ENDPOINT} eventTypes={data!.webhookEventTypes} submitLabel="Add endpoint" submitting={creation.loading} errors={errors} onSubmit={(values) => void add(values)} />
        </Stack>
      </Paper>
    </Stack>
  );
}
