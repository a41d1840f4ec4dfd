import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeleteMyAccountDocument, MyDataDocument } from "../../graphql/generated/graphql";
import { admin, renderWithShop, shopper, type ShopRenderOptions } from "../../test/renderWithShop";
import { AccountScreen } from "./AccountScreen";
import { ACCOUNT_DELETED, DATA_DOWNLOADED, DELETE_ACCOUNT_TITLE, MY_DATA_FILE, PASSWORD_NEEDED } from "./YourDataSection";

afterEach(() => notifications.clean());

const at = { route: "/user", path: "/user", routes: [{ path: "/", element: <h1>Home page</h1> }] };
const renderAccount = (options: ShopRenderOptions = {}) => renderWithShop(<AccountScreen />, { ...at, user: shopper, ...options });
const yourData = async () => within(await screen.findByRole("region", { name: "Your data" }));

describe("Your data: Export my data", () => {
  it("asks the server for the account's data and saves it as verdant-my-data.json, then says so", async () => {
    const saved: Blob[] = [];
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), "blob:my-data")), revokeObjectURL: vi.fn() });
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const document = JSON.stringify({ account: { id: 7, name: "Ada Gardener" }, orders: [] }, null, 2);
    renderAccount({ mocks: [{ request: { query: MyDataDocument }, result: { data: { myData: document } }, delay: 50 }] });
    const button = (await yourData()).getByRole("button", { name: "Export my data" });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute("data-loading"));
    await waitFor(() => expect(clicked).toEqual([{ href: "blob:my-data", download: MY_DATA_FILE }]));
    expect(saved[0]!.type).toBe("application/json;charset=utf-8");
    expect(JSON.parse(await saved[0]!.text())).toEqual({ account: { id: 7, name: "Ada Gardener" }, orders: [] });
    expect(await screen.findByText(DATA_DOWNLOADED)).toBeInTheDocument();
  });

  it("a failed export says why and saves nothing", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderAccount({ mocks: [{ request: { query: MyDataDocument }, result: { errors: [{ message: "Please sign in.", extensions: { code: "UNAUTHENTICATED" } }] } }] });
    await userEvent.click((await yourData()).getByRole("button", { name: "Export my data" }));
    expect(await screen.findByText("Please sign in.")).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });
});

describe("Your data: Delete my account", () => {
  const deletion = (password: string, answer: object) => ({ request: { query: DeleteMyAccountDocument, variables: { password } }, ...answer });
  const openDialog = async () => {
    await userEvent.click((await yourData()).getByRole("button", { name: "Delete my account" }));
    return within(await screen.findByRole("dialog", { name: DELETE_ACCOUNT_TITLE }));
  };

  it("asks first: what is kept and that it cannot be undone, the password to confirm; closing puts focus back", async () => {
    renderAccount();
    const dialog = await openDialog();
    expect(dialog.getByText(/orders are kept for the shop's books, without your personal details/)).toBeInTheDocument();
    expect(dialog.getByText(/cannot be undone/)).toBeInTheDocument();
    const password = dialog.getByLabelText(/^Password/);
    expect(password).toBeRequired();
    await waitFor(() => expect(password).toHaveFocus());
    await userEvent.click(dialog.getByRole("button", { name: "Keep my account" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete my account" })).toHaveFocus());
  });

  it("without a password, asks for it and sends nothing", async () => {
    renderAccount();
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(dialog.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_NEEDED)));
  });

  it("a wrong password: the server's message at the field, which takes focus; the shopper stays signed in", async () => {
    const clearUser = vi.fn();
    const { router } = renderAccount({
      session: { clearUser },
      mocks: [deletion("wrong", { result: { errors: [{ message: "Invalid input.", extensions: { code: "BAD_USER_INPUT", fields: { password: ["The password is incorrect."] } } }] } })],
    });
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText(/^Password/), "wrong");
    await userEvent.click(dialog.getByRole("button", { name: "Delete my account" }));
    const password = dialog.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining("The password is incorrect.")));
    expect(password).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(password).toHaveFocus());
    expect(clearUser).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/user");
  });

  it("a refusal that names no field (the shop's only owner) is said at the password field too", async () => {
    const refusal = "You are the shop's only owner: make another owner before deleting your account.";
    renderAccount({ user: admin, mocks: [deletion("secret", { result: { errors: [{ message: refusal, extensions: { code: "FORBIDDEN" } }] } })] });
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText(/^Password/), "secret");
    await userEvent.click(dialog.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(dialog.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining(refusal)));
  });

  it("done: signed out as Logout does, taken home and told", async () => {
    const clearUser = vi.fn();
    const { router } = renderAccount({
      session: { clearUser },
      mocks: [deletion("right password", { result: { data: { deleteMyAccount: { __typename: "Message", message: ACCOUNT_DELETED } } } })],
    });
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText(/^Password/), "right password");
    await userEvent.click(dialog.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(clearUser).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe("/");
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_DELETED)).toBeInTheDocument();
  });
});
