// Staff roles on the admin user screens. How a staff role reads (the users list's column, the user's
// account info), and the owner's 'Staff role' select: None (admin), Owner, Catalogue manager, Order manager,
// Support. Change asks once more in a dialog (the user's sessions end; a shopper becomes an admin), then
// sends setStaffRole; busy while it goes; the server's words if refused, inside the dialog; its message once
// done. The owner's own staff role is not offered: another owner changes it.
import { useMutation } from "@apollo/client/react";
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Role, StaffRole } from "../../../graphql/generated/graphql";
import { reloadListsAfter } from "../../../lib/apollo/reloadLists";
import { notifySuccess } from "../../../lib/notify";
import { serverFailureMessages } from "../adminFeedback";
import { SetStaffRoleDocument } from "./staffOperations";

/** The staff roles in the owner's words, in the select's order. */
export const STAFF_ROLE_TEXT: Record<StaffRole, string> = {
  OWNER: "Owner",
  CATALOGUE_MANAGER: "Catalogue manager",
  ORDER_MANAGER: "Order manager",
  SUPPORT: "Support",
};
/** An admin without a staff role: the spec's admin, who may use every screen of the spec. */
export const NO_STAFF_ROLE = "None (admin)";
/** What the select shows for a shopper, who holds no staff role until given one. */
export const NOT_STAFF = "Shopper (not staff)";
/** The confirmation's title. */
export const staffRoleQuestion = (name: string, role: string) => `Change ${name}'s staff role to ${role}?`;
export const OWN_STAFF_ROLE = "You cannot change your own staff role: another owner can.";

/** How a user's staff role reads: its name, "None (admin)" for the spec's admin; null for a shopper. */
export function staffRoleText(user: { role: Role; staffRole: StaffRole | null }): string | null {
  if (user.staffRole) return STAFF_ROLE_TEXT[user.staffRole];
  return user.role === "ADMIN" ? NO_STAFF_ROLE : null;
}

/** The select's values: "" is the spec's admin (staffRole null); "SHOPPER" only shows where the user is one. */
const NONE = "";
const SHOPPER = "SHOPPER";
type Choice = StaffRole | typeof NONE | typeof SHOPPER;
const STAFF_ROLE_OPTIONS = [
  { value: NONE, label: NO_STAFF_ROLE },
  ...(Object.keys(STAFF_ROLE_TEXT) as StaffRole[]).map((value) => ({ value, label: STAFF_ROLE_TEXT[value] })),
];

const currentChoice = (user: { role: Role; staffRole: StaffRole | null }): Choice => user.staffRole ?? (user.role === "ADMIN" ? NONE : SHOPPER);
const labelOf = (choice: Choice) => (choice === SHOPPER ? NOT_STAFF : choice === NONE ? NO_STAFF_ROLE : STAFF_ROLE_TEXT[choice]);

export interface StaffRoleUser {
  id: number;
  name: string;
  role: Role;
  staffRole: StaffRole | null;
}

/** The owner's 'Staff role' select and Change, confirmed in a dialog. `own`: the viewer's own account. */
export function ChangeStaffRole({ user, own }: { user: StaffRoleUser; own: boolean }) {
  const current = currentChoice(user);
  const [chosen, setChosen] = useState<Choice>(current);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [setStaffRole, { loading }] = useMutation(SetStaffRoleDocument, { update: reloadListsAfter("role") });

  if (own) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          Staff role
        </Text>
        <Text size="sm">{OWN_STAFF_ROLE}</Text>
      </Stack>
    );
  }

  const options = current === SHOPPER ? [{ value: SHOPPER, label: NOT_STAFF, disabled: true }, ...STAFF_ROLE_OPTIONS] : STAFF_ROLE_OPTIONS;
  const close = () => {
    if (loading) return;
    setConfirming(false);
  };
  const save = async () => {
    if (chosen === SHOPPER) return;
    setFailure(null);
    try {
      const { data } = await setStaffRole({ variables: { id: user.id, staffRole: chosen === NONE ? null : chosen } });
      setConfirming(false);
      if (data) notifySuccess(data.setStaffRole.message);
    } catch (error) {
      setFailure(serverFailureMessages(error));
    }
  };

  return (
    <>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Staff role"
          description="What this admin may do in the back office"
          value={chosen}
          onChange={(event) => setChosen(event.currentTarget.value as Choice)}
          data={options}
        />
        <Button
          onClick={() => {
            setFailure(null);
            setConfirming(true);
          }}
          disabled={chosen === current}
          loading={loading}
        >
          Change staff role
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={close}
        title={staffRoleQuestion(user.name, labelOf(chosen))}
        closeOnClickOutside={!loading}
        closeOnEscape={!loading}
      >
        <Stack>
          <Text size="sm">
            {current === SHOPPER ? `${user.name} becomes an admin. ` : ""}
            {chosen === NONE ? "They may use every screen of the back office but API keys, webhooks and staff roles." : `Staff role: ${labelOf(chosen)}.`}{" "}
            Their sessions end: they sign in again to use it.
          </Text>
          {failure && (
            <Alert color="red" variant="light" data-testid="staff-role-failure">
              {failure.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={loading} data-autofocus>
              Keep
            </Button>
            <Button loading={loading} onClick={() => void save()}>
              Change staff role
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
