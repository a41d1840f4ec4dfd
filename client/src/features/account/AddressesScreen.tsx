// The address book (/user/addresses): the shopper's delivery addresses, the default first with its badge.
// 'Add address' and each address's 'Edit' open the address form in a dialog; 'Make default' makes another
// one the default (which is also the account's contact details); 'Remove' asks once more in a dialog.
// - After each change the book is asked again (with the account's contact details), so who is the default
//   and the details the account page and the checkout show are the server's.
// - The server checks the fields: its messages show under each field (the first invalid one takes focus)
//   and as error notifications, as the other account forms do; a success is a notification.
// - Dialogs have titles, start on their first field (the remove dialog on 'Keep address', the choice that
//   changes nothing) and give focus back to the button that opened them; after a removal, whose button is
//   gone, focus goes to 'Add address'.
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Badge, Button, Checkbox, Group, Modal, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../components/EmptyState";
import { LoadingView } from "../../components/LoadingView";
import { PageTitle } from "../../components/PageTitle";
import { RequireUser } from "../../components/RequireUser";
import {
  AddressRegionsDocument,
  DeleteAddressDocument,
  MyAddressesDocument,
  SaveAddressDocument,
  SetDefaultAddressDocument,
  type AddressRegionsQuery,
} from "../../graphql/generated/graphql";
import { defaultFirst, type Address } from "../../lib/addresses/addressBook";
import { serverMessage } from "../../lib/apollo/errors";
import { reportFormFailure } from "../../lib/apollo/reportFailure";
import { useFieldErrors } from "../../lib/forms/useFieldErrors";
import { formatMoney } from "../../lib/money";
import { notifyError, notifySuccess } from "../../lib/notify";

export const addressMessages = {
  added: "Address added.",
  updated: "Address updated.",
  madeDefault: "Default address changed.",
  empty: "No addresses yet",
  emptyHelp: "Add an address to choose it when you check out.",
  loadFailed: "We could not load your addresses.",
} as const;

type Region = AddressRegionsQuery["regions"]["nodes"][number];

/** After each change the book (and the account's contact details with it) is asked again. */
const askBookAgain = () => ({ refetchQueries: [{ query: MyAddressesDocument }], awaitRefetchQueries: true });

export function AddressesScreen() {
  return <RequireUser>{() => <AddressBook />}</RequireUser>;
}

type FormState = { mode: "add" } | { mode: "edit"; address: Address };

function AddressBook() {
  const { data, loading, error, refetch } = useQuery(MyAddressesDocument, { fetchPolicy: "cache-and-network" });
  const { data: regionData } = useQuery(AddressRegionsDocument);
  const regions = regionData?.regions.nodes ?? [];
  const [form, setForm] = useState<FormState | null>(null);
  const [removing, setRemoving] = useState<Address | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Focus goes back to the button that opened a dialog once it closes; when that button has gone with its
  // address (a removal), to 'Add address'.
  const opener = useRef<HTMLElement | null>(null);
  const [dialogsClosed, setDialogsClosed] = useState(0);
  useEffect(() => {
    if (dialogsClosed === 0) return;
    const back = opener.current?.isConnected ? opener.current : addButton.current;
    back?.focus();
  }, [dialogsClosed]);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const openForm = (next: FormState) => {
    rememberOpener();
    setForm(next);
  };
  const closeDialog = () => setDialogsClosed((count) => count + 1);

  const addresses = data ? defaultFirst(data.myAddresses) : [];
  const regionName = (id: number | null) => regions.find((region) => region.id === id)?.name;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle title="My addresses" />
        <Button ref={addButton} onClick={() => openForm({ mode: "add" })}>
          Add address
        </Button>
      </Group>
      <Anchor component={Link} to="/user" size="sm">
        Back to my account
      </Anchor>
      {loading && !data ? (
        <LoadingView label="Loading your addresses" />
      ) : error && !data ? (
        <EmptyState
          title={addressMessages.loadFailed}
          action={
            <Button variant="light" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      ) : addresses.length === 0 ? (
        <EmptyState title={addressMessages.empty} description={addressMessages.emptyHelp} />
      ) : (
        <Stack gap="md" component="ul" aria-label="Your addresses" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              regionName={regionName(address.regionId)}
              onEdit={() => openForm({ mode: "edit", address })}
              onRemove={() => {
                rememberOpener();
                setRemoving(address);
              }}
            />
          ))}
        </Stack>
      )}

      {form && (
        <AddressFormDialog
          form={form}
          regions={regions}
          onClose={() => {
            setForm(null);
            closeDialog();
          }}
        />
      )}
      {removing && (
        <RemoveAddressDialog
          address={removing}
          onClose={() => {
            setRemoving(null);
            closeDialog();
          }}
        />
      )}
    </Stack>
  );
}

function AddressCard({ address, regionName, onEdit, onRemove }: { address: Address; regionName: string | undefined; onEdit: () => void; onRemove: () => void }) {
  const [setDefault, { loading: settingDefault }] = useMutation(SetDefaultAddressDocument, askBookAgain());
  const headingId = `address-${address.id}`;
  const makeDefault = async () => {
    try {
      await setDefault({ variables: { id: address.id } });
      notifySuccess(addressMessages.madeDefault);
    } catch (failure) {
      notifyError(serverMessage(failure));
    }
  };
  return (
    <Paper component="li" withBorder p="lg" radius="md" aria-labelledby={headingId} data-testid="address-card">
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {address.label}
          </Title>
          {address.isDefault && (
            <Badge color="green" variant="light">
              Default
            </Badge>
          )}
        </Group>
        <Text>{address.name}</Text>
        <Text>{address.phone}</Text>
        <Text style={{ whiteSpace: "pre-line" }}>{address.address}</Text>
        {regionName && (
          <Text size="sm" c="dimmed">
            Delivery region: {regionName}
          </Text>
        )}
        <Group gap="sm" mt="xs">
          <Button variant="default" size="xs" onClick={onEdit} aria-label={`Edit ${address.label}`}>
            Edit
          </Button>
          {!address.isDefault && (
            <Button variant="light" size="xs" loading={settingDefault} onClick={() => void makeDefault()} aria-label={`Make default: ${address.label}`}>
              Make default
            </Button>
          )}
          <Button variant="outline" color="red" size="xs" onClick={onRemove} aria-label={`Remove ${address.label}`}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface AddressFields {
  label: string;
  name: string;
  phone: string;
  address: string;
  regionId: string;
  makeDefault: boolean;
}

function startingFields(form: FormState): AddressFields {
  if (form.mode === "add") return { label: "", name: "", phone: "", address: "", regionId: "", makeDefault: false };
  const { address } = form;
  return {
    label: address.label,
    name: address.name,
    phone: address.phone,
    address: address.address,
    regionId: address.regionId === null ? "" : String(address.regionId),
    makeDefault: address.isDefault,
  };
}

function AddressFormDialog({ form, regions, onClose }: { form: FormState; regions: readonly Region[]; onClose: () => void }) {
  const [fields, setFields] = useState(() => startingFields(form));
  const [save, { loading }] = useMutation(SaveAddressDocument, askBookAgain());
  const { ref: formRef, errorOf, showFailure, clear: clearError } = useFieldErrors();
  const editingDefault = form.mode === "edit" && form.address.isDefault;
  const title = form.mode === "add" ? "Add address" : `Edit ${form.address.label}`;

  const set = (field: Exclude<keyof AddressFields, "makeDefault">) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      label: fields.label,
      name: fields.name,
      phone: fields.phone,
      address: fields.address,
      regionId: fields.regionId === "" ? null : Number(fields.regionId),
      ...(fields.makeDefault && !editingDefault ? { makeDefault: true } : {}),
    };
    try {
      await save({ variables: form.mode === "edit" ? { id: form.address.id, input } : { input } });
    } catch (failure) {
      reportFormFailure(failure);
      showFailure(failure);
      return;
    }
    notifySuccess(form.mode === "add" ? addressMessages.added : addressMessages.updated);
    onClose();
  };

  const close = () => {
    if (!loading) onClose();
  };

  return (
    <Modal opened onClose={close} title={title} closeOnClickOutside={!loading} closeOnEscape={!loading} returnFocus={false}>
      <form ref={formRef} onSubmit={(event) => void submit(event)} aria-label={title} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Label"
            description="Home, Work, Grandma's…"
            required
            maxLength={40}
            value={fields.label}
            onChange={set("label")}
            error={errorOf("label")}
            data-autofocus
          />
          <TextInput label="Recipient name" required autoComplete="name" value={fields.name} onChange={set("name")} error={errorOf("name")} />
          <TextInput label="Phone number" required type="tel" autoComplete="tel" value={fields.phone} onChange={set("phone")} error={errorOf("phone")} />
          <Textarea
            label="Address"
            required
            autoComplete="street-address"
            rows={3}
            value={fields.address}
            onChange={set("address")}
            error={errorOf("address")}
          />
          <NativeSelect
            label="Delivery region"
            value={fields.regionId}
            onChange={set("regionId")}
            error={errorOf("regionId")}
            data={[{ value: "", label: "No region" }, ...regions.map((region) => ({ value: String(region.id), label: `${region.name} (${formatMoney(region.fee)})` }))]}
          />
          {!editingDefault && (
            <Checkbox
              label="Make this my default"
              description="Your default address is also your account's contact details."
              checked={fields.makeDefault}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setFields((current) => ({ ...current, makeDefault: checked }));
              }}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Save address
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RemoveAddressDialog({ address, onClose }: { address: Address; onClose: () => void }) {
  const [remove, { loading }] = useMutation(DeleteAddressDocument, askBookAgain());
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (!loading) onClose();
  };
  const confirm = async () => {
    setFailure(null);
    try {
      const { data } = await remove({ variables: { id: address.id } });
      if (data) notifySuccess(data.deleteAddress.message);
      onClose();
    } catch (error) {
      setFailure(serverMessage(error));
    }
  };
  return (
    <Modal
      opened
      onClose={close}
      title={`Remove ${address.label}?`}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      returnFocus={false}
    >
      <Stack>
        <Text size="sm">
          {address.isDefault
            ? "This is your default address. Your oldest other address becomes the default."
            : "The address leaves your address book. Orders already placed keep their delivery details."}
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={loading} data-autofocus>
            Keep address
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            Remove address
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
