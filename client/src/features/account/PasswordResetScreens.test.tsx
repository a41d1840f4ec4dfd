import { notifications } from "@mantine/notifications";
import type { DocumentNode } from "graphql";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PasswordResetLinkValidDocument, RequestPasswordResetDocument, ResetPasswordDocument } from "../../graphql/generated/graphql";
import { queryMock } from "../../test/fixtures";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { LoginScreen } from "./LoginScreen";
import { ForgotPasswordScreen, LINK_DEAD_TITLE, RESET_DONE, ResetPasswordScreen, tokenFromHash } from "./PasswordResetScreens";

afterEach(() => notifications.clean());

const SENT = "If an account exists for this email, we have sent it a link to reset the password. The link works for 30 minutes.";
const INVALID_LINK = "This password reset link is invalid or has expired. Please ask for a new one.";
const TOKEN = "AbC_-123";

/** The server refusing one request with these GraphQL errors. */
const refused = (query: DocumentNode, variables: Record<string, unknown>, error: { message: string; extensions: Record<string, unknown> }) => ({
  request: { query, variables },
  result: { errors: [error] },
});

describe("'Forgot password?'", () => {
  it("the sign-in form links to it", async () => {
    renderWithShop(<LoginScreen />, { route: "/login", path: "/login" });
    expect(await screen.findByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
  });

  it("asks for the email and shows the server's answer, the same for any address", async () => {
    renderWithShop(<ForgotPasswordScreen />, {
      route: "/forgot-password",
      path: "/forgot-password",
      mocks: [queryMock(RequestPasswordResetDocument, { email: "ada@example.com" }, { requestPasswordReset: { __typename: "Message", message: SENT } })],
    });
    expect(screen.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Check your email" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(SENT);
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");
  });

  it("invalid input and too many requests show the server's words", async () => {
    renderWithShop(<ForgotPasswordScreen />, {
      route: "/forgot-password",
      path: "/forgot-password",
      mocks: [
        refused(RequestPasswordResetDocument, { email: "nope" }, { message: "The email must be a valid email address.", extensions: { code: "BAD_USER_INPUT", fields: { email: ["The email must be a valid email address."] } } }),
        refused(RequestPasswordResetDocument, { email: "ada@example.com" }, { message: "Too many password reset requests. Please wait 15 minutes and try again.", extensions: { code: "TOO_MANY_REQUESTS" } }),
      ],
    });
    await userEvent.type(screen.getByLabelText("Email"), "nope");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("The email must be a valid email address."));
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getAllByText("The email must be a valid email address.")).toHaveLength(2);
    await userEvent.clear(screen.getByLabelText("Email"));
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Too many password reset requests. Please wait 15 minutes and try again.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeInTheDocument();
  });
});

describe("the reset screen (the email's link)", () => {
  const linkValid = (valid: boolean) => queryMock(PasswordResetLinkValidDocument, { token: TOKEN }, { passwordResetLinkValid: valid });
  const asked = { token: TOKEN, password: "fresh-basil-7", passwordConfirmation: "fresh-basil-7" };
  const resetDone = () => queryMock(ResetPasswordDocument, asked, { resetPassword: { __typename: "AuthPayload", accessToken: "token-9", user: { __typename: "User", ...shopper } } });
  const linkDead = () => refused(ResetPasswordDocument, asked, { message: INVALID_LINK, extensions: { code: "BAD_USER_INPUT", fields: { token: [INVALID_LINK] } } });
  const weakPassword = () =>
    refused(ResetPasswordDocument, asked, {
      message: "The password must contain at least one letter and one number.",
      extensions: { code: "BAD_USER_INPUT", fields: { password: ["The password must contain at least one letter and one number."] } },
    });
  const fill = async () => {
    await userEvent.type(await screen.findByLabelText("New password"), "fresh-basil-7");
    await userEvent.type(screen.getByLabelText("Confirm password"), "fresh-basil-7");
    await userEvent.click(screen.getByRole("button", { name: "Set new password" }));
  };

  it("reads the token from the address's fragment", () => {
    expect(tokenFromHash("#token=AbC_-123")).toBe("AbC_-123");
    expect(tokenFromHash("")).toBe("");
  });

  it("sets the new password, signs the user in and opens the account", async () => {
    const signIn = vi.fn();
    const { router } = renderWithShop(<ResetPasswordScreen />, {
      route: `/reset-password#token=${TOKEN}`,
      path: "/reset-password",
      routes: [{ path: "/user", element: <h1>My account</h1> }],
      session: { signIn },
      mocks: [linkValid(true), resetDone()],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Choose a new password" })).toBeInTheDocument();
    const password = screen.getByLabelText("New password");
    expect(password).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("checkbox", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await fill();
    expect(await screen.findByRole("heading", { name: "My account" })).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith("token-9", expect.objectContaining({ email: shopper.email }));
    expect(screen.getByText(RESET_DONE)).toBeInTheDocument();
    expect(router.state.location.hash).toBe("");
  });

  it("a used or expired link says so and offers a new one, before and after the form", async () => {
    const { unmount } = renderWithShop(<ResetPasswordScreen />, { route: `/reset-password#token=${TOKEN}`, path: "/reset-password", mocks: [linkValid(false)] });
    expect(await screen.findByRole("heading", { level: 1, name: LINK_DEAD_TITLE })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
    unmount();

    renderWithShop(<ResetPasswordScreen />, { route: `/reset-password#token=${TOKEN}`, path: "/reset-password", mocks: [linkValid(true), linkDead()] });
    await fill();
    expect(await screen.findByRole("heading", { level: 1, name: LINK_DEAD_TITLE })).toBeInTheDocument();
    expect(screen.getByText(INVALID_LINK)).toBeInTheDocument();
  });

  it("without a token there is nothing to reset", async () => {
    renderWithShop(<ResetPasswordScreen />, { route: "/reset-password", path: "/reset-password" });
    expect(await screen.findByRole("heading", { level: 1, name: LINK_DEAD_TITLE })).toBeInTheDocument();
  });

  it("the server's password rules show as its messages; the form stays", async () => {
    renderWithShop(<ResetPasswordScreen />, { route: `/reset-password#token=${TOKEN}`, path: "/reset-password", mocks: [linkValid(true), weakPassword()] });
    await fill();
    await waitFor(() => expect(screen.getAllByText("The password must contain at least one letter and one number.")).toHaveLength(2));
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription("The password must contain at least one letter and one number.");
    expect(screen.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeInTheDocument();
  });
});
