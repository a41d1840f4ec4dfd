import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LoginDocument } from "../../graphql/generated/graphql";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { LoginScreen } from "./LoginScreen";

const loginMock = (outcome: { error?: string } = {}) => ({
  request: { query: LoginDocument, variables: { email: "ada@example.com", password: "Secret123!" } },
  ...(outcome.error
    ? { result: { errors: [{ message: outcome.error, extensions: { code: "UNAUTHENTICATED" } }] } }
    : { result: { data: { login: { __typename: "AuthPayload", accessToken: "token-1", user: { __typename: "User", ...shopper } } } } }),
});

async function fillAndSubmit() {
  await userEvent.type(await screen.findByLabelText("Email"), "ada@example.com");
  await userEvent.type(screen.getByLabelText("Password"), "Secret123!");
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("Sign in: Welcome back", () => {
  it("has Email, Password, a show/hide toggle, Sign in and a link to sign up", async () => {
    renderWithShop(<LoginScreen />, { route: "/login", path: "/login" });
    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("checkbox", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
  });

  it("login success: the token is kept, 'Log in successful', and the user goes back one page", async () => {
    const signIn = vi.fn();
    const { router } = renderWithShop(<LoginScreen />, {
      route: "/cart",
      path: "/login-user",
      routes: [{ path: "/cart", element: <h1>Cart page</h1> }],
      session: { signIn },
      mocks: [loginMock()],
    });
    await screen.findByRole("heading", { name: "Cart page" });
    await router.navigate("/login-user");
    await fillAndSubmit();
    expect(await screen.findByText("Log in successful")).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith("token-1", expect.objectContaining({ email: "ada@example.com" }));
    expect(await screen.findByRole("heading", { name: "Cart page" })).toBeInTheDocument();
  });

  it("opened first, success goes to /", async () => {
    const { router } = renderWithShop(<LoginScreen />, {
      route: "/login",
      path: "/login",
      routes: [{ path: "/", element: <h1>Home page</h1> }],
      mocks: [loginMock()],
    });
    await fillAndSubmit();
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("login failure shows the server's error text", async () => {
    const signIn = vi.fn();
    renderWithShop(<LoginScreen />, { route: "/login", path: "/login", session: { signIn }, mocks: [loginMock({ error: "Wrong email or password." })] });
    await fillAndSubmit();
    // As a notification, and inside the form where a screen reader announces it.
    await waitFor(() => expect(screen.getAllByText("Wrong email or password.")).toHaveLength(2));
    expect(screen.getByRole("form", { name: "Welcome back" })).toHaveTextContent("Wrong email or password.");
    expect(signIn).not.toHaveBeenCalled();
  });

  it("a field the server refuses shows its message beside it and takes focus", async () => {
    const refusal = "The email must be a valid email address.";
    renderWithShop(<LoginScreen />, {
      route: "/login",
      path: "/login",
      mocks: [
        {
          request: { query: LoginDocument, variables: { email: "ada@example.com", password: "Secret123!" } },
          result: { errors: [{ message: refusal, extensions: { code: "BAD_USER_INPUT", fields: { email: [refusal] } } }] },
        },
      ],
    });
    await fillAndSubmit();
    const email = screen.getByLabelText("Email");
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(refusal);
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByLabelText("Password")).not.toHaveAttribute("aria-invalid", "true");
  });
});
