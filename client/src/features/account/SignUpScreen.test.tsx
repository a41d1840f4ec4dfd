import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { RegisterDocument } from "../../graphql/generated/graphql";
import { renderWithShop } from "../../test/renderWithShop";
import { SignUpScreen } from "./SignUpScreen";

const input = { name: "Ada Gardener", email: "ada@example.com", password: "Secret123!", passwordConfirmation: "Secret123!" };

async function fillAndSubmit() {
  await userEvent.type(await screen.findByLabelText("Full name"), input.name);
  await userEvent.type(screen.getByLabelText("Email"), input.email);
  await userEvent.type(screen.getByLabelText("Password"), input.password);
  await userEvent.type(screen.getByLabelText("Confirm password"), input.passwordConfirmation);
  await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
}

const at = { route: "/signup", path: "/signup", routes: [{ path: "/login-user", element: <h1>Sign-in page</h1> }] };

/** The server refusing the sign-up with these messages by field (BAD_USER_INPUT). */
const refusedWith = (message: string, fields: Record<string, string[]>) => ({
  request: { query: RegisterDocument, variables: { input } },
  result: { errors: [{ message, extensions: { code: "BAD_USER_INPUT", fields } }] },
});

describe("Sign up: Create account", () => {
  it("has Full name, Email, Password, Confirm password, a show/hide toggle, Sign up and a link to sign in", async () => {
    renderWithShop(<SignUpScreen />, at);
    expect(await screen.findByRole("heading", { name: "Create account" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Show password" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("type", "text");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login-user");
  });

  it("after registration the sign-in form at /login-user opens", async () => {
    const { router } = renderWithShop(<SignUpScreen />, {
      ...at,
      mocks: [
        {
          request: { query: RegisterDocument, variables: { input } },
          result: { data: { register: { __typename: "UserPayload", message: "Registration successful. Please sign in." } } },
        },
      ],
    });
    await fillAndSubmit();
    expect(await screen.findByRole("heading", { name: "Sign-in page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login-user");
    expect(await screen.findByText("Registration successful. Please sign in.")).toBeInTheDocument();
  });

  it("invalid input: each server message as an error notification", async () => {
    renderWithShop(<SignUpScreen />, {
      ...at,
      mocks: [refusedWith("The email has already been taken.", { email: ["The email has already been taken."], password: ["The password is too common."] })],
    });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getAllByText("The email has already been taken.")).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByText("The password is too common.")).toHaveLength(2));
  });

  it("invalid input: each message also beside its field (aria-invalid, aria-describedby), focus on the first", async () => {
    renderWithShop(<SignUpScreen />, {
      ...at,
      mocks: [refusedWith("The password confirmation does not match.", { password_confirmation: ["The password confirmation does not match."], email: ["The email has already been taken."] })],
    });
    await fillAndSubmit();
    const email = screen.getByLabelText("Email");
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription("The email has already been taken.");
    expect(screen.getByLabelText("Confirm password")).toHaveAccessibleDescription("The password confirmation does not match.");
    expect(screen.getByLabelText("Full name")).not.toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(email).toHaveFocus());
    // Editing a field clears its message.
    await userEvent.type(email, "x");
    expect(email).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
  });

  it("any other failure: 'An error occurred. Please try again.'", async () => {
    renderWithShop(<SignUpScreen />, { ...at, mocks: [{ request: { query: RegisterDocument, variables: { input } }, error: new Error("Failed to fetch") }] });
    await fillAndSubmit();
    expect(await screen.findByText("An error occurred. Please try again.")).toBeInTheDocument();
  });
});
