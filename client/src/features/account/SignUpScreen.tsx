// Create account: no field checks in the client; the server's messages for
// invalid input each show as an error notification, and beside their fields. After success,
// the sign-in form.
import { useMutation } from "@apollo/client/react";
import { Anchor, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { RegisterDocument } from "../../graphql/generated/graphql";
import { reportFormFailure } from "../../lib/apollo/reportFailure";
import { useFieldErrors } from "../../lib/forms/useFieldErrors";
import { reportChange } from "../../lib/notify";
import { useTypedBeforeHydration } from "../../lib/ssr/typedEarly";
import { AccountForm, NewPasswordFields, ShowPasswordToggle } from "./AccountForm";

export const SIGN_UP_NEEDS_SCRIPTS = "Creating an account needs JavaScript: please turn it on in your browser to sign up.";

/** The names the server gives the fields in its messages (extensions.fields). */
const SERVER_FIELD = { name: "name", email: "email", password: "password", passwordConfirmation: "password_confirmation" } as const;

export function SignUpScreen() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: "", email: "", password: "", passwordConfirmation: "" });
  const [shown, setShown] = useState(false);
  const [register, { loading }] = useMutation(RegisterDocument);
  const fieldErrors = useFieldErrors();
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    fieldErrors.clear(SERVER_FIELD[field]);
    setForm((current) => ({ ...current, [field]: value }));
  };

  // Typed before the page's scripts ran: kept (a press of 'Sign up' meanwhile is passed on after this).
  useTypedBeforeHydration(fieldErrors.ref, (typed) =>
    setForm((current) => {
      const next = { ...current };
      for (const field of Object.keys(SERVER_FIELD) as Array<keyof typeof form>) if (typed[field] !== undefined) next[field] = typed[field];
      return next;
    }),
  );

  const submit = async () => {
    const failure = await reportChange(register({ variables: { input: form } }), (data) => data.register.message, reportFormFailure, () => navigate("/login-user"));
    if (failure) fieldErrors.showFailure(failure);
  };

  return (
    <AccountForm
      title="Create account"
      submitLabel="Sign up"
      submitting={loading}
      onSubmit={() => void submit()}
      formRef={fieldErrors.ref}
      noScriptText={SIGN_UP_NEEDS_SCRIPTS}
      footer={
        <Text size="sm">
          Already have an account?{" "}
          <Anchor component={Link} to="/login-user">
            Sign in
          </Anchor>
        </Text>
      }
    >
      <TextInput label="Full name" name="name" autoComplete="name" value={form.name} onChange={set("name")} error={fieldErrors.errorOf("name")} />
      <TextInput label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set("email")} error={fieldErrors.errorOf("email")} />
      <NewPasswordFields label="Password" shown={shown} values={form} onChange={set} errorOf={fieldErrors.errorOf} />
      <ShowPasswordToggle shown={shown} onChange={setShown} />
    </AccountForm>
  );
}
