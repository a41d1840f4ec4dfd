// Welcome back, at /login and /login-user: on success the token is kept,
// 'Log in successful' shows and the shopper goes back one page; on failure the server's error text.
// 'Forgot password?' leads to the password reset by email. Besides the notification, a field's
// message shows beside it and any other failure inside the form, where a screen reader announces it.
import { useMutation } from "@apollo/client/react";
import { Anchor, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { LoginDocument } from "../../graphql/generated/graphql";
import { serverMessage } from "../../lib/apollo/errors";
import { messages } from "../../lib/messages";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useFieldErrors } from "../../lib/forms/useFieldErrors";
import { useSession } from "../../lib/session/session";
import { AccountForm, EmailField, PasswordField, ShowPasswordToggle } from "./AccountForm";
import { useGoBack } from "../../lib/navigation/useGoBack";
import { useTypedBeforeHydration } from "../../lib/ssr/typedEarly";

export const SIGN_IN_NEEDS_SCRIPTS = "Signing in needs JavaScript: please turn it on in your browser to sign in.";

export function LoginScreen() {
  const { signIn } = useSession();
  const goBack = useGoBack();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [shown, setShown] = useState(false);
  const [login, { loading }] = useMutation(LoginDocument);
  const fieldErrors = useFieldErrors();
  const [problem, setProblem] = useState<string | null>(null);
  // Typed before the page's scripts ran: kept (a press of 'Sign in' meanwhile is passed on after this).
  useTypedBeforeHydration(fieldErrors.ref, (typed) => {
    if (typed.email !== undefined) setEmail(typed.email);
    if (typed.password !== undefined) setPassword(typed.password);
  });

  const submit = async () => {
    setProblem(null);
    try {
      const result = await login({ variables: { email, password } });
      if (!result.data) throw new Error(messages.genericFailure);
      signIn(result.data.login.accessToken, result.data.login.user);
      notifySuccess(messages.loginSuccessful);
      goBack();
    } catch (error) {
      const message = serverMessage(error);
      notifyError(message);
      if (!fieldErrors.showFailure(error)) setProblem(message);
    }
  };

  return (
    <AccountForm
      title="Welcome back"
      submitLabel="Sign in"
      submitting={loading}
      onSubmit={() => void submit()}
      formRef={fieldErrors.ref}
      problem={problem}
      noScriptText={SIGN_IN_NEEDS_SCRIPTS}
      footer={
        <Text size="sm">
          New here?{" "}
          <Anchor component={Link} to="/signup">
            Sign up
          </Anchor>
        </Text>
      }
    >
      <EmailField value={email} fieldErrors={fieldErrors} onChange={setEmail} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        shown={shown}
        value={password}
        error={fieldErrors.errorOf("password")}
        onChange={(event) => {
          fieldErrors.clear("password");
          setPassword(event.currentTarget.value);
        }}
      />
      <ShowPasswordToggle shown={shown} onChange={setShown} />
      <Anchor component={Link} to="/forgot-password" size="sm">
        Forgot password?
      </Anchor>
    </AccountForm>
  );
}
