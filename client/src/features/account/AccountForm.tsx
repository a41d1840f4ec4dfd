// The frame the sign-up, sign-in and update forms share: a title, the fields, one submit button.
import { PageTitle } from "../../components/PageTitle";
import { Alert, Button, Checkbox, Container, Paper, Stack, TextInput } from "@mantine/core";
import type { ChangeEvent, FormEvent, ReactNode, Ref } from "react";

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
}

export function AccountForm({ title, submitLabel, submitting, onSubmit, children, footer, formRef, problem }: AccountFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Container size={460} px={0} py="lg">
      <Paper withBorder p="xl" radius="md">
        <form ref={formRef} onSubmit={submit} aria-label={title} noValidate>
          <Stack gap="md">
            <PageTitle title={title} size="h2" />
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
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { shown, ...rest } = props;
  return <TextInput type={shown ? "text" : "password"} {...rest} />;
}
