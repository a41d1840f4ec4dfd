// Welcome back (spec sections 2 and 8), at /login and /login-user: on success the token is kept,
// 'Log in successful' shows and the shopper goes back one page; on failure the server's error text.
// 'Forgot password?' leads to the password reset by email (issue 23).
import { useMutation } from "@apollo/client/react";
import { Anchor, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { LoginDocument } from "../../graphql/generated/graphql";
import { serverMessage } from "../../lib/apollo/errors";
import { messages } from "../../lib/messages";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useSession } from "../../lib/session/session";
import { AccountForm, PasswordField, ShowPasswordToggle } from "./AccountForm";
import { useGoBack } from "../../lib/navigation/useGoBack";

export function LoginScreen() {
  const { signIn } = useSession();
  const goBack = useGoBack();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [shown, setShown] = useState(false);
  const [login, { loading }] = useMutation(LoginDocument);

  const submit = async () => {
    try {
      const result = await login({ variables: { email, password } });
      if (!result.data) throw new Error(messages.genericFailure);
      signIn(result.data.login.accessToken, result.data.login.user);
      notifySuccess(messages.loginSuccessful);
      goBack();
    } catch (error) {
      notifyError(serverMessage(error));
    }
  };

  return (
    <AccountForm
      title="Welcome back"
      submitLabel="Sign in"
      submitting={loading}
      onSubmit={() => void submit()}
      footer={
        <Text size="sm">
          New here?{" "}
          <Anchor component={Link} to="/signup">
            Sign up
          </Anchor>
        </Text>
      }
    >
      <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        shown={shown}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <ShowPasswordToggle shown={shown} onChange={setShown} />
      <Anchor component={Link} to="/forgot-password" size="sm">
        Forgot password?
      </Anchor>
    </AccountForm>
  );
}
