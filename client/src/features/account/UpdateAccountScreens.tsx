// The three update pages: no field checks in the client; the server's message
// on success, each invalid-input message as an error notification (and beside its field), else
// 'An error occurred. Please try again.'.
import { useMutation } from "@apollo/client/react";
import { Anchor, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { UpdateAccountDocument, UpdateContactDocument, UpdatePasswordDocument } from "../../graphql/generated/graphql";
import { reportFormFailure } from "../../lib/apollo/reportFailure";
import { useFieldErrors } from "../../lib/forms/useFieldErrors";
import { reportChange } from "../../lib/notify";
import type { SessionUser } from "../../lib/session/session";
import { AccountForm, NewPasswordFields, PasswordField, ShowPasswordToggle } from "./AccountForm";
import { RequireUser } from "../../components/RequireUser";

const backToAccount = (
  <Anchor component={Link} to="/user" size="sm">
    Back to my account
  </Anchor>
);

export function UpdateAccountScreen() {
  return <RequireUser>{(user) => <UpdateAccountForm user={user} />}</RequireUser>;
}

function UpdateAccountForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState("");
  const [update, { loading }] = useMutation(UpdateAccountDocument);
  const fieldErrors = useFieldErrors();
  // The server asks for the password only when the email changes (it compares emails trimmed, in lower case).
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();
  const submit = async () => {
    const variables = emailChanged ? { name, email, currentPassword } : { name, email };
    const failure = await reportChange(update({ variables }), (data) => data.updateAccount.message, reportFormFailure, () => navigate("/user"));
    if (failure) fieldErrors.showFailure(failure);
  };
  return (
    <AccountForm title="Update account details" submitLabel="Update" submitting={loading} onSubmit={() => void submit()} footer={backToAccount} formRef={fieldErrors.ref}>
      <TextInput label="Full name" autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldErrors.errorOf("name")} />
      <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={fieldErrors.errorOf("email")} />
      {emailChanged && (
        <PasswordField
          label="Current password"
          description="Needed to change your email."
          autoComplete="current-password"
          shown={false}
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          error={fieldErrors.errorOf("current_password")}
        />
      )}
    </AccountForm>
  );
}

export function UpdateContactScreen() {
  return <RequireUser>{(user) => <UpdateContactForm user={user} />}</RequireUser>;
}

function UpdateContactForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [phone, setPhone] = useState(user.phone ?? "");
  const [address, setAddress] = useState(user.address ?? "");
  const [update, { loading }] = useMutation(UpdateContactDocument);
  const fieldErrors = useFieldErrors();
  const submit = async () => {
    const failure = await reportChange(update({ variables: { phone, address } }), (data) => data.updateContact.message, reportFormFailure, () => navigate("/user"));
    if (failure) fieldErrors.showFailure(failure);
  };
  return (
    <AccountForm title="Update contact details" submitLabel="Update" submitting={loading} onSubmit={() => void submit()} footer={backToAccount} formRef={fieldErrors.ref}>
      <TextInput label="Phone number" type="tel" autoComplete="tel" value={phone} onChange={(event) => setPhone(event.currentTarget.value)} error={fieldErrors.errorOf("phone")} />
      <TextInput label="Address" autoComplete="street-address" value={address} onChange={(event) => setAddress(event.currentTarget.value)} error={fieldErrors.errorOf("address")} />
    </AccountForm>
  );
}

export function UpdatePasswordScreen() {
  return <RequireUser>{() => <UpdatePasswordForm />}</RequireUser>;
}

function UpdatePasswordForm() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ oldPassword: "", password: "", passwordConfirmation: "" });
  const [shown, setShown] = useState(false);
  const [update, { loading }] = useMutation(UpdatePasswordDocument);
  const fieldErrors = useFieldErrors();
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [field]: value }));
  };
  const submit = async () => {
    const failure = await reportChange(update({ variables: form }), (data) => data.updatePassword.message, reportFormFailure, () => navigate("/user"));
    if (failure) fieldErrors.showFailure(failure);
  };
  return (
    <AccountForm title="Update password" submitLabel="Update" submitting={loading} onSubmit={() => void submit()} footer={backToAccount} formRef={fieldErrors.ref}>
      <PasswordField label="Old password" autoComplete="current-password" shown={shown} value={form.oldPassword} onChange={set("oldPassword")} error={fieldErrors.errorOf("old_password")} />
      <NewPasswordFields label="New password" shown={shown} values={form} onChange={set} errorOf={fieldErrors.errorOf} />
      <ShowPasswordToggle shown={shown} onChange={setShown} />
    </AccountForm>
  );
}
