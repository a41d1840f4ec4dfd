import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminRegionDocument, AdminRegionsDocument, CreateRegionDocument, DeleteRegionDocument, UpdateRegionDocument } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE } from "../../../lib/apollo/pages";
import { connection, queryMock, regions, type PageOptions } from "../../../test/fixtures";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { AddRegionScreen, EditRegionScreen, ManageRegionsScreen } from "./RegionScreens";

// Notifications live in a module-wide store: one test's messages must not answer the next one's queries.
afterEach(() => notifications.clean());

const coast = { __typename: "Region" as const, id: 3, name: "Oregon Coast", fee: "9.5" };
/** A page of the admin region list, for a search (or none). */
const regionPage = (list: Array<{ id: number }>, ask: { search?: string } = {}, page: PageOptions = {}, extra: object = {}) =>
  queryMock(AdminRegionsDocument, { first: ADMIN_PAGE_SIZE, ...ask }, { regions: connection("Region", list, page) }, { times: 1, ...extra });
const manage = { route: "/admin/manage-region", path: "/admin/manage-region", user: admin };
const entryNames = () => screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("Manage regions", () => {
  it("shows the count, 'New Region', and each region with its fee (which may arrive as a string), 'Edit Region' and 'Delete Region'", async () => {
    renderWithShop(<ManageRegionsScreen />, { ...manage, mocks: [regionPage([coast, ...regions])] });
    expect(await screen.findByRole("heading", { name: "Manage regions" })).toBeInTheDocument();
    expect(await screen.findByText("Total regions: 3")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New Region" })).toHaveAttribute("href", "/admin/add-region");
    expect(entryNames()).toEqual(["Oregon Coast", "Portland Metro", "Rest of Oregon"]);
    const card = screen.getByRole("article", { name: "Oregon Coast" });
    expect(within(card).getByText("Fee: $9.50")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Rest of Oregon" })).getByText("Fee: $12.50")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Edit Region" })).toHaveAttribute("href", "/admin/edit-region/3");
    expect(within(card).getByRole("button", { name: "Delete Region" })).toBeInTheDocument();
  });

  it("shows the loading view until the list has loaded", async () => {
    renderWithShop(<ManageRegionsScreen />, { ...manage, mocks: [regionPage(regions, {}, {}, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading regions" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Portland Metro" })).toBeInTheDocument();
  });

  it("searches by name on the server once the typing pauses; 'No regions found matching your search.' when nothing matches", async () => {
    renderWithShop(<ManageRegionsScreen />, {
      ...manage,
      mocks: [regionPage([coast, ...regions]), regionPage([coast, regions[1]!], { search: "OREGON" }), regionPage([], { search: "alaska" })],
    });
    await screen.findByRole("article", { name: "Portland Metro" });
    await userEvent.type(screen.getByPlaceholderText("Search region"), "OREGON");
    await waitFor(() => expect(entryNames()).toEqual(["Oregon Coast", "Rest of Oregon"]));
    await userEvent.clear(screen.getByPlaceholderText("Search region"));
    await userEvent.type(screen.getByPlaceholderText("Search region"), "alaska");
    expect(await screen.findByText("No regions found matching your search.")).toBeInTheDocument();
  });

  it("a failed load shows the server's error text", async () => {
    renderWithShop(<ManageRegionsScreen />, {
      ...manage,
      mocks: [{ request: { query: AdminRegionsDocument, variables: { first: ADMIN_PAGE_SIZE } }, result: { errors: [{ message: "Regions are being redrawn." }] } }],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Regions are being redrawn.");
    expect(screen.getByText("We could not load the regions.")).toBeInTheDocument();
  });

  it("'Delete Region' shows a spinner, then the server's message, and the list reloads", async () => {
    const reloaded = vi.fn(() => ({ data: { regions: connection("Region", [regions[0]!]) } }));
    renderWithShop(<ManageRegionsScreen />, {
      ...manage,
      mocks: [
        regionPage(regions),
        {
          request: { query: DeleteRegionDocument, variables: { id: 2 } },
          result: { data: { deleteRegion: { __typename: "Message", message: "Region deleted successfully." } } },
          delay: 300,
        },
        { request: { query: AdminRegionsDocument, variables: { first: ADMIN_PAGE_SIZE } }, result: reloaded },
      ],
    });
    const card = await screen.findByRole("article", { name: "Rest of Oregon" });
    await userEvent.click(within(card).getByRole("button", { name: "Delete Region" }));
    expect(within(card).getByRole("button", { name: "Delete Region" })).toHaveAttribute("data-loading", "true");
    expect(await screen.findByText("Region deleted successfully.")).toBeInTheDocument();
    await waitFor(() => expect(entryNames()).toEqual(["Portland Metro"]));
    expect(reloaded).toHaveBeenCalledTimes(1);
  });

  it("a refused delete shows the server's message, else 'Try again later'", async () => {
    renderWithShop(<ManageRegionsScreen />, {
      ...manage,
      mocks: [
        regionPage(regions),
        { request: { query: DeleteRegionDocument, variables: { id: 1 } }, result: { errors: [{ message: "Region not found.", extensions: { code: "NOT_FOUND" } }] } },
        { request: { query: DeleteRegionDocument, variables: { id: 2 } }, error: new Error("Failed to fetch") },
      ],
    });
    await userEvent.click(within(await screen.findByRole("article", { name: "Portland Metro" })).getByRole("button", { name: "Delete Region" }));
    expect(await screen.findByText("Region not found.")).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole("article", { name: "Rest of Oregon" })).getByRole("button", { name: "Delete Region" }));
    expect(await screen.findByText("Try again later")).toBeInTheDocument();
  });
});

describe("Add region: Title and Fee; Create", () => {
  const renderAdd = (mocks: object[]) =>
    renderWithShop(<AddRegionScreen />, {
      route: "/admin/add-region",
      path: "/admin/add-region",
      user: admin,
      routes: [{ path: "/admin/manage-region", element: <h1>Region list</h1> }],
      mocks: mocks as never,
    });

  it("creates the region, shows the server's message and returns to the list", async () => {
    renderAdd([
      {
        request: { query: CreateRegionDocument, variables: { name: "Oregon Coast", fee: 9.5 } },
        result: { data: { createRegion: { __typename: "RegionPayload", message: "Region created successfully.", region: { ...coast, fee: 9.5 } } } },
      },
    ]);
    expect(await screen.findByRole("heading", { name: "New region" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), "Oregon Coast");
    await userEvent.type(screen.getByLabelText(/^Fee/), "9.5");
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Region created successfully.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Region list" })).toBeInTheDocument();
  });

  it("the fee cannot be sent empty", async () => {
    renderAdd([]);
    await userEvent.type(await screen.findByLabelText(/^Title/), "Oregon Coast");
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByText("Required")).toBeInTheDocument();
  });

  it("a refused create shows the server's message", async () => {
    renderAdd([
      {
        request: { query: CreateRegionDocument, variables: { name: "Oregon Coast", fee: 0 } },
        result: { errors: [{ message: "Invalid input", extensions: { code: "BAD_USER_INPUT", fields: { fee: ["The fee must be more than 0."] } } }] },
      },
    ]);
    await userEvent.type(await screen.findByLabelText(/^Title/), "Oregon Coast");
    await userEvent.type(screen.getByLabelText(/^Fee/), "0");
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("The fee must be more than 0.")).toBeInTheDocument();
  });
});

describe("Edit region: Name and Fee; Update", () => {
  const renderEdit = (mocks: object[]) =>
    renderWithShop(<EditRegionScreen />, {
      route: "/admin/edit-region/3",
      path: "/admin/edit-region/:id",
      user: admin,
      routes: [{ path: "/admin/manage-region", element: <h1>Region list</h1> }],
      mocks: mocks as never,
    });
  const regionMock = { request: { query: AdminRegionDocument, variables: { id: 3 } }, result: { data: { region: coast } }, delay: 20 };

  it("loads the region (a spinner meanwhile), prefills Name and Fee, sends the change and shows the server's message", async () => {
    renderEdit([
      regionMock,
      {
        request: { query: UpdateRegionDocument, variables: { id: 3, name: "Oregon Coast", fee: 11 } },
        result: { data: { updateRegion: { __typename: "RegionPayload", message: "Region updated successfully.", region: { ...coast, fee: 11 } } } },
      },
    ]);
    expect(screen.getByRole("status", { name: "Loading region" })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Name/)).toHaveValue("Oregon Coast");
    const fee = screen.getByLabelText(/^Fee/);
    expect(fee).toHaveValue("$9.5");
    await userEvent.clear(fee);
    await userEvent.type(fee, "11");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Region updated successfully.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Region list" })).toBeInTheDocument();
  });

  it("a refused update shows the server's message", async () => {
    renderEdit([
      regionMock,
      { request: { query: UpdateRegionDocument, variables: { id: 3, name: "Oregon Coast", fee: 9.5 } }, result: { errors: [{ message: "A region with this name already exists." }] } },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText("A region with this name already exists.")).toBeInTheDocument();
  });

  it("a failed load shows the server's error text", async () => {
    renderEdit([{ request: { query: AdminRegionDocument, variables: { id: 3 } }, result: { errors: [{ message: "Region not found.", extensions: { code: "NOT_FOUND" } }] } }]);
    expect(await screen.findByRole("alert")).toHaveTextContent("Region not found.");
    expect(screen.getByText("We could not load this region.")).toBeInTheDocument();
  });
});
