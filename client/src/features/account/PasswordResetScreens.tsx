// Password reset by email. 'Forgot password?' (/forgot-password) asks for the account's email
// and always answers the same, whether or not it has an account. Its form is in the page the server sends
// (like sign-in's): what is typed before the scripts run is kept, and a press of 'Send reset link' meanwhile
// is carried out once they do (client/build/scripts-after-content.ts). The email's link opens /reset-password
// with the token in the address's fragment (never sent to a server or in a Referer); the screen checks the
// link, sets the new password (the server's rules and messages, as on sign-up) and signs the user in.
import { PageTitle } from "../../components/PageTitle";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Anchor, Button, Container, Paper, Stack, Text } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { PasswordResetLinkValidDocument, RequestPasswordResetDocument, ResetPasswordDocument } from "../../graphql/generated/graphql";
import { invalidInputMessages, isFieldInvalid, serverMessage } from "../../lib/apollo/errors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useFieldErrors } from "../../lib/forms/useFieldErrors";
import { useSession } from "../../lib/session/session";
import { LoadingView } from "../../components/LoadingView";
import { useTypedBeforeHydration } from "../../lib/ssr/typedEarly";
import { AccountForm, EmailField, NewPasswordFields, ShowPasswordToggle } from "./AccountForm";

export const RESET_DONE = "Your password has been reset. You are signed in.";
export const LINK_DEAD_TITLE = "This link no longer works";
export const FORGOT_PASSWORD_NEEDS_SCRIPTS = "Asking for a reset link needs JavaScript: please turn it on in your browser to reset your password.";
export const LINK_DEAD_TEXT = "A password reset link works once, for 30 minutes. Ask for a new one and use the newest email.";

/** Each invalid-input message as an error notification; anything else (too many requests, say) as the server words it. */
function reportFailure(error: unknown): void {
  const invalid = invalidInputMessages(error);
  if (invalid) invalid.forEach((message) => notifyError(message));
  else notifyError(serverMessage(error));
}

/** A one-message page in the account forms' frame: its heading is the page's h1. */
function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={460} px={0} py="lg">
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md">
          <PageTitle title={title} size="h2" />
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

const backToSignIn = (
  <Text size="sm">
    Remembered it?{" "}
    <Anchor component={Link} to="/login">
      Sign in
    </Anchor>
  </Text>
);

export function ForgotPasswordScreen() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [request, { loading }] = useMutation(RequestPasswordResetDocument);
  const fieldErrors = useFieldErrors();
  // Typed before the page's scripts ran: kept (a press of 'Send reset link' meanwhile is passed on after this).
  useTypedBeforeHydration(fieldErrors.ref, (typed) => {
    if (typed.email !== undefined) setEmail(typed.email);
  });

  const submit = async () => {
    try {
      const result = await request({ variables: { email } });
      if (result.data) setSent(result.data.requestPasswordReset.message);
    } catch (error) {
      fieldErrors.showFailure(error);
      reportFailure(error);
    }
  };

  if (sent) {
    return (
      <Notice title="Check your email">
        <Alert color="green" role="status" variant="light">
          {sent}
        </Alert>
        <Text size="sm">Nothing arrived? Check your spam folder, or ask again in a few minutes.</Text>
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Notice>
    );
  }
  return (
    <AccountForm
      title="Forgot your password?"
      submitLabel="Send reset link"
      submitting={loading}
      onSubmit={() => void submit()}
      formRef={fieldErrors.ref}
      noScriptText={FORGOT_PASSWORD_NEEDS_SCRIPTS}
      footer={backToSignIn}
    >
      <Text size="sm">Enter the email of your account and we will send you a link to choose a new password.</Text>
      <EmailField value={email} fieldErrors={fieldErrors} onChange={setEmail} />
    </AccountForm>
  );
}

/** The token of the reset link: the fragment "#token=…" of the address. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
}

export function ResetPasswordScreen() {
  const token = tokenFromHash(useLocation().hash);
  const { data, loading } = useQuery(PasswordResetLinkValidDocument, { variables: { token }, skip: !token, fetchPolicy: "network-only" });
  const [dead, setDead] = useState(false);

  if (token && loading) return <LoadingView label="Checking your link" />;
  if (!token || dead || data?.passwordResetLinkValid === false) {
    return (
      <Notice title={LINK_DEAD_TITLE}>
        <Text>{LINK_DEAD_TEXT}</Text>
        <Button component={Link} to="/forgot-password" variant="filled" style={{ alignSelf: "flex-start" }}>
          Ask for a new link
        </Button>
      </Notice>
    );
  }
  return <NewPasswordForm token={token} onLinkDead={() => setDead(true)} />;
}

function NewPasswordForm({ token, onLinkDead }: { token: string; onLinkDead: () => void }) {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [form, setForm] = useState({ password: "", passwordConfirmation: "" });
  const [shown, setShown] = useState(false);
  const [reset, { loading }] = useMutation(ResetPasswordDocument);
  const fieldErrors = useFieldErrors();
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    fieldErrors.clear(field === "password" ? "password" : "password_confirmation");
    setForm((current) => ({ ...current, [field]: value }));
  };

  const submit = async () => {
    try {
      const result = await reset({ variables: { token, ...form } });
      if (!result.data) return;
      signIn(result.data.resetPassword.accessToken, result.data.resetPassword.user);
      notifySuccess(RESET_DONE);
      // Replaced, so Back does not return to the used link.
      navigate("/user", { replace: true });
    } catch (error) {
      // The link was used or expired meanwhile: say so where the form was.
      if (isFieldInvalid(error, "token")) onLinkDead();
      else fieldErrors.showFailure(error);
      reportFailure(error);
    }
  };

  return (
    <AccountForm
      title="Choose a new password"
      submitLabel="Set new password"
      submitting={loading}
      onSubmit={() => void submit()}
      formRef={fieldErrors.ref}
      footer={backToSignIn}
    >
      <Text size="sm">At least 8 characters, with at least one letter and one number. Every device signed in to your account will be signed out.</Text>
      <NewPasswordFields label="New password" shown={shown} values={form} onChange={set} errorOf={fieldErrors.errorOf} />
      <ShowPasswordToggle shown={shown} onChange={setShown} />
    </AccountForm>
  );
}
