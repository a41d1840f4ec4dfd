import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { UpdateAccountDocument, UpdateContactDocument, UpdatePasswordDocument } from "../../graphql/generated/graphql";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { UpdateAccountScreen, UpdateContactScreen, UpdatePasswordScreen } from "./UpdateAccountScreens";

const account = { route: "/user/update", path: "/user/update", user: shopper, routes: [{ path: "/user", element: <h1>Account page</h1> }] };
const invalid = (message: string, field: string) => ({
  result: { errors: [{ message, extensions: { code: "BAD_USER_INPUT", fields: { [field]: [message] } } }] },
});

describe("Update account details: Full name and Email, Update", () => {
  it("prefills, sends and shows the server's message", async () => {
    renderWithShop(<UpdateAccountScreen />, {
      ...account,
      mocks: [
        {
          request: { query: UpdateAccountDocument, variables: { name: "Ada Lovelace", email: shopper.email } },
          result: { data: { updateAccount: { __typename: "UserPayload", message: "Your account details have been updated.", user: { __typename: "User", ...shopper, name: "Ada Lovelace" } } } },
        },
      ],
    });
    const name = await screen.findByLabelText("Full name");
    expect(name).toHaveValue(shopper.name);
    expect(screen.getByLabelText("Email")).toHaveValue(shopper.email);
    await userEvent.clear(name);
    await userEvent.type(name, "Ada Lovelace");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Your account details have been updated.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Account page" })).toBeInTheDocument();
  });

  it("asks for the current password only when the email changes, and sends it", async () => {
    renderWithShop(<UpdateAccountScreen />, {
      ...account,
      mocks: [
        {
          request: { query: UpdateAccountDocument, variables: { name: shopper.name, email: "ada.new@example.com", currentPassword: "my-secret-1" } },
          result: { data: { updateAccount: { __typename: "UserPayload", message: "Your account details have been updated.", user: { __typename: "User", ...shopper, email: "ada.new@example.com" } } } },
        },
      ],
    });
    const email = await screen.findByLabelText("Email");
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, "ada.new@example.com");
    const password = screen.getByLabelText("Current password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveAttribute("autocomplete", "current-password");
    await userEvent.type(password, "my-secret-1");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Your account details have been updated.")).toBeInTheDocument();
  });

  it("typing the same email in another case asks for no password", async () => {
    renderWithShop(<UpdateAccountScreen />, account);
    const email = await screen.findByLabelText("Email");
    await userEvent.clear(email);
    await userEvent.type(email, shopper.email.toUpperCase());
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
  });

  it("a missing or wrong current password shows the server's message", async () => {
    renderWithShop(<UpdateAccountScreen />, {
      ...account,
      mocks: [
        {
          request: { query: UpdateAccountDocument, variables: { name: shopper.name, email: "ada.new@example.com", currentPassword: "" } },
          ...invalid("Enter your current password to change your email.", "current_password"),
        },
      ],
    });
    const email = await screen.findByLabelText("Email");
    await userEvent.clear(email);
    await userEvent.type(email, "ada.new@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Enter your current password to change your email.")).toBeInTheDocument();
  });

  it("invalid input shows each server message", async () => {
    renderWithShop(<UpdateAccountScreen />, {
      ...account,
      mocks: [{ request: { query: UpdateAccountDocument, variables: { name: shopper.name, email: shopper.email } }, ...invalid("The email has already been taken.", "email") }],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText("The email has already been taken.")).toBeInTheDocument();
  });
});

describe("Update contact details: Phone number (a telephone-type input) and Address, Update", () => {
  it("uses a telephone input and sends both", async () => {
    renderWithShop(<UpdateContactScreen />, {
      ...account,
      user: { ...shopper, phone: null, address: null },
      mocks: [
        {
          request: { query: UpdateContactDocument, variables: { phone: "+1 555 0199", address: "2 Moss Road" } },
          result: { data: { updateContact: { __typename: "UserPayload", message: "Your contact details have been updated.", user: { __typename: "User", ...shopper } } } },
        },
      ],
    });
    const phone = await screen.findByLabelText("Phone number");
    expect(phone).toHaveAttribute("type", "tel");
    await userEvent.type(phone, "+1 555 0199");
    await userEvent.type(screen.getByLabelText("Address"), "2 Moss Road");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Your contact details have been updated.")).toBeInTheDocument();
  });

  it("any other failure: 'An error occurred. Please try again.'", async () => {
    renderWithShop(<UpdateContactScreen />, {
      ...account,
      mocks: [{ request: { query: UpdateContactDocument, variables: { phone: shopper.phone, address: shopper.address } }, error: new Error("offline") }],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText("An error occurred. Please try again.")).toBeInTheDocument();
  });
});

describe("Update password: Old password, New password, Confirm password, with a show/hide toggle", () => {
  it("toggles all three fields and sends them", async () => {
    renderWithShop(<UpdatePasswordScreen />, {
      ...account,
      mocks: [
        {
          request: { query: UpdatePasswordDocument, variables: { oldPassword: "old-one", password: "New-one-1", passwordConfirmation: "New-one-1" } },
          result: { data: { updatePassword: { __typename: "Message", message: "Your password has been updated." } } },
        },
      ],
    });
    await userEvent.type(await screen.findByLabelText("Old password"), "old-one");
    await userEvent.type(screen.getByLabelText("New password"), "New-one-1");
    await userEvent.type(screen.getByLabelText("Confirm password"), "New-one-1");
    for (const label of ["Old password", "New password", "Confirm password"]) expect(screen.getByLabelText(label)).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("checkbox", { name: "Show password" }));
    for (const label of ["Old password", "New password", "Confirm password"]) expect(screen.getByLabelText(label)).toHaveAttribute("type", "text");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Your password has been updated.")).toBeInTheDocument();
  });

  it("invalid input shows each server message", async () => {
    renderWithShop(<UpdatePasswordScreen />, {
      ...account,
      mocks: [
        {
          request: { query: UpdatePasswordDocument, variables: { oldPassword: "x", password: "y", passwordConfirmation: "y" } },
          ...invalid("The old password is not correct.", "old_password"),
        },
      ],
    });
    await userEvent.type(await screen.findByLabelText("Old password"), "x");
    await userEvent.type(screen.getByLabelText("New password"), "y");
    await userEvent.type(screen.getByLabelText("Confirm password"), "y");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("The old password is not correct.")).toBeInTheDocument();
  });
});
