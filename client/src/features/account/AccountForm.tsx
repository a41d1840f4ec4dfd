// The frame the sign-up, sign-in and update forms share: a title, the fields, one submit button.
// The form is the app's to send (the token it gets back is kept in the browser: the spec's place for it). It
// says method="post": sent before the app runs, the starter keeps it and sends it again once the app answers
// (client/build/scripts-after-content.ts); without scripts the server answers a POST with the page again
// (client-files.ts), so nothing typed goes into an address, and the page says plainly why (noScriptText).
import { PageTitle } from "../../components/PageTitle";
import { Alert, Button, Checkbox, Container, Paper, Stack, TextInput } from "@mantine/core";
import type { ChangeEvent, FormEvent, ReactNode, Ref } from "react";
import type { FieldErrorsApi } from "../../lib/forms/useFieldErrors";

export interface AccountFormProps {
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** The form element, for the field errors (useFieldErrors' ref: the first invalid field takes focus). */
  formRef?: Ref<HTMLFormElement>;
  /** A failure that names no field (a wrong password, too many attempts): said inside the form, announced. */
  problem?: string | null;
  /** What a browser without JavaScript is told under the title: that this form needs it. */
  noScriptText?: string;
}

export function AccountForm({ title, submitLabel, submitting, onSubmit, children, footer, formRef, problem, noScriptText }: AccountFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Container size={460} px={0} py="lg">
      <Paper withBorder p="xl" radius="md">
        <form ref={formRef} method="post" onSubmit={submit} aria-label={title} noValidate>
          <Stack gap="md">
            <PageTitle title={title} size="h2" />
            {noScriptText && (
              <noscript>
                <Alert color="yellow" variant="light">
                  {noScriptText}
                </Alert>
              </noscript>
            )}
            {problem && (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            )}
            {children}
            <Button type="submit" loading={submitting} size="md">
              {submitLabel}
            </Button>
            {footer}
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

/** The show/hide password toggle: one switch for every password field of the form. */
export function ShowPasswordToggle({ shown, onChange }: { shown: boolean; onChange: (shown: boolean) => void }) {
  return <Checkbox label="Show password" checked={shown} onChange={(event) => onChange(event.currentTarget.checked)} />;
}

/** A password field whose characters show while the form's toggle is on. */
export function PasswordField(props: {
  label: string;
  description?: string;
  error?: string;
  shown: boolean;
  value: string;
  autoComplete: string;
  /** The field's name in the form (the app reads what was typed before it ran by it). */
  name?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { shown, ...rest } = props;
  return <TextInput type={shown ? "text" : "password"} {...rest} />;
}

/** The account's email, with the server's message for it; typing clears the message. */
export function EmailField({ value, fieldErrors, onChange }: { value: string; fieldErrors: FieldErrorsApi<HTMLFormElement>; onChange: (value: string) => void }) {
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    fieldErrors.clear("email");
    onChange(event.currentTarget.value);
  };
  return <TextInput label="Email" type="email" name="email" autoComplete="email" value={value} error={fieldErrors.errorOf("email")} onChange={change} />;
}

/** A new password and its confirmation (sign-up, reset, change), each with the server's message for it. */
export function NewPasswordFields(props: {
  label: string;
  shown: boolean;
  /** The form's values: the two fields read theirs. */
  values: { password: string; passwordConfirmation: string };
  /** The form's change handler for a field. */
  onChange: (field: "password" | "passwordConfirmation") => (event: ChangeEvent<HTMLInputElement>) => void;
  /** The server's message for a field by its name in the messages ("password", "password_confirmation"). */
  errorOf: (field: string) => string | undefined;
}) {
  const { label, shown, values, onChange, errorOf } = props;
  return (
    <>
      <PasswordField label={label} name="password" autoComplete="new-password" shown={shown} value={values.password} onChange={onChange("password")} error={errorOf("password")} />
      <PasswordField
        label="Confirm password"
        name="passwordConfirmation"
        autoComplete="new-password"
        shown={shown}
        value={values.passwordConfirmation}
        onChange={onChange("passwordConfirmation")}
        error={errorOf("password_confirmation")}
      />
    </>
  );
}
