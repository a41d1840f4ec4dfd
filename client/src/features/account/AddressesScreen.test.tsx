import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { AddressRegionsDocument, DeleteAddressDocument, SaveAddressDocument, SetDefaultAddressDocument } from "../../graphql/generated/graphql";
import { addressFixture, myAddressesMock } from "../../lib/addresses/addressBookFake";
import { nodeList, regions } from "../../test/fixtures";
import { renderWithShop, shopper } from "../../test/renderWithShop";
import { AddressesScreen } from "./AddressesScreen";

const at = { route: "/user/addresses", path: "/user/addresses", user: shopper };
const regionsMock = { request: { query: AddressRegionsDocument }, result: { data: { regions: nodeList("Region", regions) } }, maxUsageCount: Number.POSITIVE_INFINITY };

const home = addressFixture(1, { label: "Home", name: "Ada Gardener", phone: "+1 555 0100", address: "1 Fern Street, Portland", regionId: 1, isDefault: true });
const work = addressFixture(2, { label: "Work", name: "Ada at Work", phone: "+1 555 0199", address: "9 Office Road, Salem", regionId: null });

/** A mutation's answer, the variables it was asked with kept in `calls`. */
function recorded(query: unknown, calls: Array<Record<string, unknown>>, result: object) {
  return {
    request: {
      query: query as never,
      variables: (variables: Record<string, unknown>) => {
        calls.push(variables);
        return true;
      },
    },
    result,
  };
}

const cards = () => screen.getAllByTestId("address-card");

// The notifications live in one store for the whole file: a toast from the test before is not this test's.
beforeEach(() => act(() => notifications.clean()));

describe("Addresses: the customer's address book at /user/addresses", () => {
  it("lists each address (label, name, phone, address, region name), the default first with its 'Default' badge", async () => {
    renderWithShop(<AddressesScreen />, { ...at, mocks: [myAddressesMock(shopper.id, [work, home]), regionsMock] });
    await screen.findByRole("heading", { name: "Home" });
    const [first, second] = cards();
    expect(within(first).getByRole("heading", { name: "Home" })).toBeInTheDocument();
    for (const text of ["Ada Gardener", "+1 555 0100", "1 Fern Street, Portland", "Default"]) expect(within(first).getByText(text)).toBeInTheDocument();
    expect(await within(first).findByText("Delivery region: Portland Metro")).toBeInTheDocument();
    for (const text of ["Ada at Work", "+1 555 0199", "9 Office Road, Salem"]) expect(within(second).getByText(text)).toBeInTheDocument();
    expect(within(second).queryByText("Default")).not.toBeInTheDocument();
    expect(within(second).queryByText(/Delivery region/)).not.toBeInTheDocument();
    // 'Make default' only on the others.
    expect(within(first).queryByRole("button", { name: "Make default: Home" })).not.toBeInTheDocument();
    expect(within(second).getByRole("button", { name: "Make default: Work" })).toBeInTheDocument();
  });

  it("an empty book says 'No addresses yet' and offers 'Add address'", async () => {
    renderWithShop(<AddressesScreen />, { ...at, mocks: [myAddressesMock(shopper.id, []), regionsMock] });
    expect(await screen.findByText("No addresses yet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add address" })).toBeInTheDocument();
    expect(screen.queryAllByTestId("address-card")).toHaveLength(0);
  });

  it("'Add address' sends saveAddress with the fields, says so and lists the new address", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const garden = addressFixture(3, { label: "Garden shed", name: "Bo Gardener", phone: "+1 555 0123", address: "3 Shed Lane, Bend", regionId: 2, isDefault: true });
    renderWithShop(<AddressesScreen />, {
      ...at,
      mocks: [
        myAddressesMock(shopper.id, [home]),
        regionsMock,
        recorded(SaveAddressDocument, calls, { data: { saveAddress: garden } }),
        myAddressesMock(shopper.id, [garden, { ...home, isDefault: false }]),
      ],
    });
    await screen.findByRole("heading", { name: "Home" });
    const opener = screen.getByRole("button", { name: "Add address" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Add address" });
    await userEvent.type(within(dialog).getByLabelText(/^Label/), "Garden shed");
    await userEvent.type(within(dialog).getByLabelText(/^Recipient name/), "Bo Gardener");
    await userEvent.type(within(dialog).getByLabelText(/^Phone number/), "+1 555 0123");
    await userEvent.type(within(dialog).getByLabelText(/^Address/), "3 Shed Lane, Bend");
    const region = within(dialog).getByRole("combobox", { name: "Delivery region" });
    await within(dialog).findByRole("option", { name: "Rest of Oregon ($12.50)" });
    await userEvent.selectOptions(region, "2");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Make this my default" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save address" }));

    expect(await screen.findByText("Address added.")).toBeInTheDocument();
    expect(calls).toEqual([{ input: { label: "Garden shed", name: "Bo Gardener", phone: "+1 555 0123", address: "3 Shed Lane, Bend", regionId: 2, makeDefault: true } }]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add address" })).not.toBeInTheDocument());
    // The book asked again: the new default first.
    await waitFor(() => expect(within(cards()[0]).getByRole("heading", { name: "Garden shed" })).toBeInTheDocument());
    expect(within(cards()[0]).getByText("Default")).toBeInTheDocument();
    expect(within(cards()[1]).queryByText("Default")).not.toBeInTheDocument();
    // Focus is back on the button that opened the form.
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("'Edit' sends saveAddress with the address's id and the changed fields", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const renamed = { ...work, label: "Office" };
    renderWithShop(<AddressesScreen />, {
      ...at,
      mocks: [
        myAddressesMock(shopper.id, [home, work]),
        regionsMock,
        recorded(SaveAddressDocument, calls, { data: { saveAddress: renamed } }),
        myAddressesMock(shopper.id, [home, renamed]),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Edit Work" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Work" });
    const label = within(dialog).getByLabelText(/^Label/);
    expect(label).toHaveValue("Work");
    expect(within(dialog).getByLabelText(/^Phone number/)).toHaveValue("+1 555 0199");
    await userEvent.clear(label);
    await userEvent.type(label, "Office");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("Address updated.")).toBeInTheDocument();
    expect(calls).toEqual([{ id: 2, input: { label: "Office", name: "Ada at Work", phone: "+1 555 0199", address: "9 Office Road, Salem", regionId: null } }]);
    expect(await screen.findByRole("heading", { name: "Office" })).toBeInTheDocument();
  });

  it("a server field error shows under its field, which takes focus; the dialog stays open", async () => {
    const message = "Enter a phone number of 7 to 20 characters with at least 7 digits.";
    renderWithShop(<AddressesScreen />, {
      ...at,
      mocks: [
        myAddressesMock(shopper.id, [home]),
        regionsMock,
        {
          request: { query: SaveAddressDocument, variables: { input: { label: "Cabin", name: "Ada", phone: "12", address: "Up the hill", regionId: null } } },
          result: { errors: [{ message, extensions: { code: "BAD_USER_INPUT", fields: { phone: [message] } } }] },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Add address" }));
    const dialog = await screen.findByRole("dialog", { name: "Add address" });
    await userEvent.type(within(dialog).getByLabelText(/^Label/), "Cabin");
    await userEvent.type(within(dialog).getByLabelText(/^Recipient name/), "Ada");
    await userEvent.type(within(dialog).getByLabelText(/^Phone number/), "12");
    await userEvent.type(within(dialog).getByLabelText(/^Address/), "Up the hill");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save address" }));

    const phone = within(dialog).getByLabelText(/^Phone number/);
    await waitFor(() => expect(phone).toHaveAttribute("aria-invalid", "true"));
    expect(phone).toHaveAccessibleDescription(message);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(within(dialog).getByLabelText(/^Label/)).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog", { name: "Add address" })).toBeInTheDocument();
    expect(screen.queryByText("Address added.")).not.toBeInTheDocument();
  });

  it("'Remove' asks first: 'Keep address' changes nothing; 'Remove address' sends deleteAddress and the address goes", async () => {
    const calls: Array<Record<string, unknown>> = [];
    renderWithShop(<AddressesScreen />, {
      ...at,
      mocks: [
        myAddressesMock(shopper.id, [home, work]),
        regionsMock,
        recorded(DeleteAddressDocument, calls, { data: { deleteAddress: { __typename: "Message", message: "Address removed." } } }),
        myAddressesMock(shopper.id, [home]),
      ],
    });
    const remove = await screen.findByRole("button", { name: "Remove Work" });
    await userEvent.click(remove);
    let dialog = await screen.findByRole("dialog", { name: "Remove Work?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep address" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(screen.getByRole("heading", { name: "Work" })).toBeInTheDocument();
    await waitFor(() => expect(remove).toHaveFocus());

    await userEvent.click(remove);
    dialog = await screen.findByRole("dialog", { name: "Remove Work?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove address" }));
    expect(await screen.findByText("Address removed.")).toBeInTheDocument();
    expect(calls).toEqual([{ id: 2 }]);
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Work" })).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { name: "Home" })).toBeInTheDocument();
    // Its button went with it: focus lands on 'Add address'.
    await waitFor(() => expect(screen.getByRole("button", { name: "Add address" })).toHaveFocus());
  });

  it("'Make default' sends setDefaultAddress and the book shows the new default first", async () => {
    const calls: Array<Record<string, unknown>> = [];
    renderWithShop(<AddressesScreen />, {
      ...at,
      mocks: [
        myAddressesMock(shopper.id, [home, work]),
        regionsMock,
        recorded(SetDefaultAddressDocument, calls, { data: { setDefaultAddress: { ...work, isDefault: true } } }),
        myAddressesMock(shopper.id, [{ ...work, isDefault: true }, { ...home, isDefault: false }]),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Make default: Work" }));
    expect(await screen.findByText("Default address changed.")).toBeInTheDocument();
    expect(calls).toEqual([{ id: 2 }]);
    await waitFor(() => expect(within(cards()[0]).getByRole("heading", { name: "Work" })).toBeInTheDocument());
    expect(within(cards()[0]).getByText("Default")).toBeInTheDocument();
  });
});
