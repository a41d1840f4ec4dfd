// The account screen's 'Your data': 'Export my data' saves everything the shop keeps about the shopper as
// verdant-my-data.json (asked of the server each time, never from the cache); 'Delete my account' asks first
// in a dialog, with the password to confirm. Deleting keeps the orders for the shop's books without personal
// details and cannot be undone; once done the shopper is signed out as Logout does (token and personal answers
// dropped), taken home and told. A refusal (a wrong password, the shop's only owner) is said at the password
// field, which takes focus. Closing the dialog puts focus back on the button that opened it.
import { useApolloClient, useMutation } from "@apollo/client/react";
import { Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { DeleteMyAccountDocument, MyDataDocument } from "../../graphql/generated/graphql";
import { serverMessage } from "../../lib/apollo/errors";
import { downloadTextFile } from "../../lib/downloadFile";
import { useFieldErrors } from "../../lib/forms/useFieldErrors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session/session";

export const MY_DATA_FILE = "verdant-my-data.json";
export const DATA_DOWNLOADED = "Your data has been downloaded.";
export const ACCOUNT_DELETED = "Your account has been deleted.";
export const DELETE_ACCOUNT_TITLE = "Delete your account?";
export const DELETE_ACCOUNT_TEXT =
  "Your name, e-mail, addresses, wish-list and sign-ins are erased. Your orders are kept for the shop's books, without your personal details. This cannot be undone.";
export const PASSWORD_NEEDED = "Please enter your password to confirm.";

function ExportMyDataButton() {
  const client = useApolloClient();
  const [exporting, setExporting] = useState(false);
  const exportData = async () => {
    setExporting(true);
    try {
      const { data } = await client.query({ query: MyDataDocument, fetchPolicy: "network-only" });
      if (!data) return;
      downloadTextFile(data.myData, MY_DATA_FILE, "application/json");
      notifySuccess(DATA_DOWNLOADED);
    } catch (failure) {
      notifyError(serverMessage(failure));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="default" loading={exporting} onClick={() => void exportData()}>
      Export my data
    </Button>
  );
}

function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { clearUser } = useSession();
  const [password, setPassword] = useState("");
  const [deleteAccount, { loading }] = useMutation(DeleteMyAccountDocument);
  const { ref, errorOf, show, showFailure, clear } = useFieldErrors();

  const close = () => {
    if (loading) return;
    setPassword("");
    clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === "") return show({ password: PASSWORD_NEEDED });
    clear();
    try {
      const { data } = await deleteAccount({ variables: { password } });
      if (!data) return;
      // Signed out as Logout does: the token and the account's answers go; the server has ended its sessions.
      clearUser();
      navigate("/");
      notifySuccess(data.deleteMyAccount.message || ACCOUNT_DELETED);
    } catch (failure) {
      // A wrong password names the field; any other refusal (the only owner) is said there too.
      if (!showFailure(failure)) show({ password: serverMessage(failure) });
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={DELETE_ACCOUNT_TITLE} closeOnClickOutside={!loading} closeOnEscape={!loading}>
      <form ref={ref} onSubmit={(event) => void submit(event)} aria-label={DELETE_ACCOUNT_TITLE} noValidate>
        <Stack>
          <Text size="sm">{DELETE_ACCOUNT_TEXT}</Text>
          <PasswordInput
            label="Password"
            description="Your password, to confirm it is you."
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              clear("password");
            }}
            error={errorOf("password")}
            // Mantine's PasswordInput does not mark its field invalid itself; the error's focus looks for it.
            aria-invalid={errorOf("password") ? true : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={loading}>
              Keep my account
            </Button>
            <Button type="submit" color="red" loading={loading}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function YourDataSection() {
  const [deleting, setDeleting] = useState(false);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="your-data-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="your-data-title">
          Your data
        </Title>
        <Text size="sm" c="dimmed">
          Download everything the shop keeps about you as a JSON file, or delete your account.
        </Text>
        <Group>
          <ExportMyDataButton />
          <Button variant="outline" color="red" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </Group>
      </Stack>
      <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} />
    </Paper>
  );
}
