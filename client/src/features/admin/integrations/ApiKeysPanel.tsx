// API keys: the shop's keys with their scopes, when each was last used and whether it still
// works; a form to make one (name, scopes, optional expiry) whose secret is shown once; Revoke, confirmed
// first, which stops the key at its next request.
import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingView } from "../../../components/LoadingView";
import { LoadMore } from "../../../components/LoadMore";
import { AdminApiKeysDocument, CreateApiKeyDocument, RevokeApiKeyDocument, type AdminApiKeyFragment, type ApiScope } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE, nextPageVariables, nodesOf } from "../../../lib/apollo/pages";
import { notifySuccess } from "../../../lib/notify";
import { notifyServerFailure } from "../adminFeedback";
import { AdminTable, LoadFailure, SubmitButton } from "../AdminParts";
import { ConfirmDialog, fieldErrorsOf, SecretReveal, when } from "./integrationParts";

/** ORDERS_WRITE -> "orders:write", as the API and the README name scopes. */
export const scopeName = (scope: string) => scope.toLowerCase().replace("_", ":");

function keyStatus(key: AdminApiKeyFragment) {
  if (key.revokedAt) return <Badge color="gray">Revoked {when(key.revokedAt)}</Badge>;
  if (!key.active) return <Badge color="orange">Expired</Badge>;
  return <Badge color="green">Active</Badge>;
}

function NewKeyForm({ scopes, onMade }: { scopes: ReadonlyArray<{ scope: ApiScope; description: string }>; onMade: (secret: string) => void }) {
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [expires, setExpires] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [createKey, { loading }] = useMutation(CreateApiKeyDocument, { refetchQueries: [AdminApiKeysDocument] });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const result = await createKey({
        variables: { input: { name, scopes: chosen as ApiScope[], expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null } },
      });
      if (!result.data) return;
      notifySuccess(result.data.createApiKey.message);
      onMade(result.data.createApiKey.secret);
      setName("");
      setChosen([]);
      setExpires("");
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyServerFailure(error);
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="new-key-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-key-title">
            New API key
          </Title>
          <TextInput label="Name" description="What uses it, e.g. 'Fulfilment (ShipFast)'." value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.name?.join(" ")} withAsterisk />
          <Checkbox.Group label="Scopes" description="The key may do exactly this, nothing more. No key manages users, keys or webhooks." value={chosen} onChange={setChosen} error={errors.scopes?.join(" ")} withAsterisk>
            <Stack gap={6} mt={6}>
              {scopes.map((scope) => (
                <Checkbox key={scope.scope} value={scope.scope} label={scopeName(scope.scope)} description={scope.description} />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput type="date" label="Expires on (optional)" description="Leave empty for a key that works until revoked." value={expires} onChange={(event) => setExpires(event.currentTarget.value)} error={errors.expires_at?.join(" ")} />
          <SubmitButton label="Create key" submitting={loading} />
        </Stack>
      </form>
    </Paper>
  );
}

export function ApiKeysPanel() {
  const { data, loading, error, fetchMore, refetch } = useQuery(AdminApiKeysDocument, { variables: { first: ADMIN_PAGE_SIZE } });
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AdminApiKeyFragment | null>(null);
  const [revokeKey, revocation] = useMutation(RevokeApiKeyDocument);

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revokeKey({ variables: { id: revoking.id } });
      notifySuccess(`The key '${revoking.name}' was revoked. Requests with it are refused from now on.`);
    } catch (failure) {
      notifyServerFailure(failure);
    } finally {
      setRevoking(null);
    }
  };

  if (loading && !data) return <LoadingView label="Loading API keys" />;
  if (error && !data) return <LoadFailure what="the API keys" onRetry={() => void refetch()} />;
  const page = data!.apiKeys;
  const keys = nodesOf(page);
  return (
    <Stack gap="md">
      {secret && (
        <SecretReveal
          title="Copy the new key now"
          note="This is the only time the key's secret is shown: the shop keeps only a fingerprint of it. Send it as 'Authorization: Bearer <key>'."
          secret={secret}
          onDone={() => setSecret(null)}
        />
      )}
      {keys.length === 0 ? (
        <EmptyState title="No API keys yet." description="Make one for each integration, with only the scopes it needs." />
      ) : (
        <AdminTable
          label="API keys"
          minWidth={760}
          columns={["Name", "Scopes", "Key", "Last used", "Expires", "Status", <VisuallyHidden>Actions</VisuallyHidden>]}
        >
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>{key.name}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {key.scopes.map((scope) => (
                    <Badge key={scope} variant="light" tt="none">
                      {scopeName(scope)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm">
                  {key.secretStart}…
                </Text>
              </Table.Td>
              <Table.Td>{when(key.lastUsedAt)}</Table.Td>
              <Table.Td>{when(key.expiresAt)}</Table.Td>
              <Table.Td>{keyStatus(key)}</Table.Td>
              <Table.Td>
                {!key.revokedAt && (
                  <Button size="xs" color="red" variant="light" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
      <LoadMore page={page} noun="keys" onLoadMore={() => fetchMore({ variables: nextPageVariables(page) })} />
      <NewKeyForm scopes={data!.apiScopes} onMade={setSecret} />
      <ConfirmDialog
        opened={revoking !== null}
        title={`Revoke ${revoking?.name ?? ""}?`}
        text="Integrations using this key are refused from their next request, on every server. This cannot be undone."
        confirmLabel="Revoke key"
        confirming={revocation.loading}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
