// Tax classes: each with its name (renamed in place, Save), Delete for every class but the default one
// (asked first: its rates go, its categories and products fall back to the default), and a form to add one.
import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { DeleteTaxClassDocument, SaveTaxClassDocument } from "./operations";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { notifySuccess } from "../../../lib/notify";
import { notifyServerFailure } from "../adminFeedback";
import { AdminSection, AdminTable } from "../AdminParts";
import { useTaxChange, type TaxClass } from "./useTaxChange";

const useSaveTaxClass = () => useTaxChange(SaveTaxClassDocument);
const useDeleteTaxClass = () => useTaxChange(DeleteTaxClassDocument);

export function TaxClassesSection({ classes }: { classes: readonly TaxClass[] }) {
  const [deleting, setDeleting] = useState<TaxClass | null>(null);
  const defaultClass = classes.find((taxClass) => taxClass.isDefault);
  return (
    <AdminSection id="tax-classes" title="Tax classes">
      <Text size="sm" c="dimmed">
        A class groups products taxed alike (e.g. Reduced for food). Products are in their category's class; categories are in{" "}
        {defaultClass?.name ?? "the default class"} unless you choose another below.
      </Text>
      <AdminTable label="Tax classes" minWidth={480} columns={["Class", <VisuallyHidden>Actions</VisuallyHidden>]}>
        {classes.map((taxClass) => (
          <ClassRow key={`${taxClass.id}:${taxClass.name}`} taxClass={taxClass} onDelete={() => setDeleting(taxClass)} />
        ))}
      </AdminTable>
      <NewClassForm />
      <DeleteClassDialog taxClass={deleting} defaultName={defaultClass?.name ?? "the default class"} onClose={() => setDeleting(null)} />
    </AdminSection>
  );
}

function ClassRow({ taxClass, onDelete }: { taxClass: TaxClass; onDelete: () => void }) {
  const [name, setName] = useState(taxClass.name);
  const { ref: rowRef, errorOf, showFailure, clear: clearErrors } = useFieldErrors<HTMLTableRowElement>();
  const [save, { loading }] = useSaveTaxClass();
  const rename = async () => {
    try {
      await save({ variables: { id: taxClass.id, name } });
      notifySuccess(`Tax class renamed to ${name.trim()}.`);
    } catch (failure) {
      if (!showFailure(failure)) notifyServerFailure(failure);
    }
  };
  return (
    <Table.Tr ref={rowRef}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`Name of the tax class ${taxClass.name}`}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clearErrors();
            }}
            error={errorOf("name")}
            style={{ flex: 1 }}
          />
          {taxClass.isDefault && (
            <Badge variant="light" mt={8}>
              Default
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" loading={loading} disabled={name === taxClass.name} onClick={() => void rename()} aria-label={`Rename ${taxClass.name}`}>
            Rename
          </Button>
          {!taxClass.isDefault && (
            <Button size="xs" color="red" variant="light" onClick={onDelete} aria-label={`Delete ${taxClass.name}`}>
              Delete
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function NewClassForm() {
  const [name, setName] = useState("");
  const { ref: formRef, errorOf, showFailure, clear: clearErrors } = useFieldErrors();
  const [save, { loading }] = useSaveTaxClass();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ variables: { name } });
      notifySuccess(`Tax class ${name.trim()} added.`);
      setName("");
    } catch (failure) {
      if (!showFailure(failure)) notifyServerFailure(failure);
    }
  };
  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label="Add a tax class">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="New tax class"
          placeholder="e.g. Reduced"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clearErrors();
          }}
          error={errorOf("name")}
        />
        <Button type="submit" loading={loading} mt={25}>
          Add class
        </Button>
      </Group>
    </form>
  );
}

function DeleteClassDialog({ taxClass, defaultName, onClose }: { taxClass: TaxClass | null; defaultName: string; onClose: () => void }) {
  const [remove, { loading }] = useDeleteTaxClass();
  const confirm = async () => {
    if (!taxClass) return;
    try {
      await remove({ variables: { id: taxClass.id } });
      notifySuccess(`Tax class ${taxClass.name} deleted.`);
    } catch (failure) {
      notifyServerFailure(failure);
    }
    onClose();
  };
  return (
    <Modal opened={taxClass !== null} onClose={onClose} title={`Delete the tax class ${taxClass?.name ?? ""}?`}>
      <Stack>
        <Text size="sm">Its rates are deleted, and its categories and products are taxed as {defaultName} from now on. Orders already placed keep their tax.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            Delete class
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
