import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebhookAlertsDocument, type ActivityEntryFieldsFragment, type ActivityFilter } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE } from "../../../lib/apollo/pages";
import { connection } from "../../../test/fixtures";
import { admin, renderRoutes, renderWithShop, specAdmin } from "../../../test/renderWithShop";
import type { SessionUser } from "../../../lib/session/session";
import { AdminLayout } from "../AdminLayout";
import { ActivityScreen, NO_ACTIVITY } from "./ActivityScreen";
import { csvFileName } from "./activityText";
import { ActivityChoicesDocument, ActivityCsvDocument, ActivityTrailDocument } from "./operations";

afterEach(() => notifications.clean());

type Entry = ActivityEntryFieldsFragment & { __typename: "ActivityEntry" };
const change = (field: string, before: unknown, after: unknown) => ({
  __typename: "ActivityChange" as const,
  field,
  before: before === undefined ? null : JSON.stringify(before),
  after: after === undefined ? null : JSON.stringify(after),
});
const entry = (id: string, overrides: Partial<Entry> = {}): Entry => ({
  __typename: "ActivityEntry",
  id,
  at: "2026-11-24T09:30:00.000Z",
  actorKey: "staff:1",
  actorKind: "staff",
  actorName: "owner@example.com",
  ip: "203.0.113.7",
  kind: "product.updated",
  subjectType: "product",
  subjectId: "12",
  subjectLabel: "Boston Fern",
  changes: [],
  ...overrides,
});
const priceChange = entry("a1", { changes: [change("price", 20, 25), change("tags", ["fern"], ["fern", "indoor"]), change("description", undefined, "Lush.")] });
const keyEntry = entry("a2", { actorKey: "api-key:4", actorKind: "api-key", actorName: "ERP", ip: null, kind: "order.status_changed", subjectType: "order", subjectId: "41", subjectLabel: "ORD-000041", changes: [change("status", "PENDING", "SHIPPED")] });
const customerEntry = entry("a3", { actorKey: "customer:7", actorKind: "customer", actorName: "Customer #7", kind: "account.deleted", subjectType: "user", subjectId: "7", subjectLabel: "Customer #7" });

const choices = {
  request: { query: ActivityChoicesDocument },
  result: {
    data: {
      activityActors: [
        { __typename: "ActivityActor", key: "staff:1", kind: "staff", name: "owner@example.com" },
        { __typename: "ActivityActor", key: "api-key:4", kind: "api-key", name: "ERP" },
      ],
      activityKinds: ["account.deleted", "order.status_changed", "product.updated"],
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};
const trail = (filter: ActivityFilter, entries: Entry[], options: { hasNextPage?: boolean; totalCount?: number; after?: string } = {}) => ({
  request: { query: ActivityTrailDocument, variables: { filter, first: ADMIN_PAGE_SIZE, ...(options.after ? { after: options.after } : {}) } },
  result: { data: { activity: connection("ActivityEntry", entries, options) } },
});

function renderActivity(route: string, mocks: object[]) {
  return renderWithShop(<ActivityScreen />, { route, path: "/admin/activity", user: admin, mocks: [choices, ...mocks] as never });
}

const activityTable = () => screen.findByRole("table", { name: "Activity" });

describe("Activity: the audit trail", () => {
  it("shows each entry: when, who (and what kind of actor), from where, what, its subject, and the changed fields", async () => {
    renderActivity("/admin/activity", [trail({}, [priceChange, keyEntry, customerEntry])]);
    const table = await activityTable();
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["When", "Who", "From", "What", "Subject", "Changes"]);
    const [, fern, order, customer] = within(table).getAllByRole("row");
    expect(fern).toHaveTextContent("Nov 24, 2026");
    expect(fern).toHaveTextContent("owner@example.comStaff");
    expect(fern).toHaveTextContent("203.0.113.7");
    expect(fern).toHaveTextContent("product.updated");
    expect(fern).toHaveTextContent("Boston Fernproduct #12");
    const changes = within(fern).getAllByRole("listitem").map((item) => item.textContent);
    expect(changes).toEqual(["price: 20 → 25", "tags: fern → fern, indoor", "description: — → Lush."]);
    expect(order).toHaveTextContent("ERPAPI key");
    expect(order).toHaveTextContent("status: PENDING → SHIPPED");
    expect(customer).toHaveTextContent("Customer #7Customer");
    expect(customer).toHaveTextContent("account.deleted");
    expect(screen.getByTestId("list-count")).toHaveTextContent("Total entries: 3");
  });

  it("offers everyone in the trail and every kind", async () => {
    renderActivity("/admin/activity", [trail({}, [priceChange])]);
    const person = await screen.findByLabelText("Person");
    await waitFor(() => expect(within(person).getAllByRole("option").map((option) => option.textContent)).toEqual(["Everyone", "owner@example.com (Staff)", "ERP (API key)"]));
    expect(within(screen.getByLabelText("Kind")).getAllByRole("option").map((option) => option.textContent)).toEqual(["All kinds", "account.deleted", "order.status_changed", "product.updated"]);
  });

  it("a filter chosen goes into the address and asks the server for it", async () => {
    const { router } = renderActivity("/admin/activity", [trail({}, [priceChange, keyEntry]), trail({ actor: "api-key:4" }, [keyEntry]), trail({ actor: "api-key:4", kind: "order.status_changed" }, [keyEntry])]);
    await activityTable();
    const person = screen.getByLabelText("Person");
    await waitFor(() => expect(within(person).getAllByRole("option")).toHaveLength(3));
    await userEvent.selectOptions(person, "api-key:4");
    expect(new URLSearchParams(router.state.location.search).get("person")).toBe("api-key:4");
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Activity" })).getAllByRole("row")).toHaveLength(2));
    await userEvent.selectOptions(screen.getByLabelText("Kind"), "order.status_changed");
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ person: "api-key:4", kind: "order.status_changed" });
    await waitFor(() => expect(screen.getByTestId("list-count")).toHaveTextContent("Total entries: 1"));
  });

  it("the period: From's day from its start, To's day included (the server gets the start of the day after)", async () => {
    const { router } = renderActivity("/admin/activity?from=2026-11-01", [
      trail({ from: "2026-11-01T00:00:00.000Z" }, [priceChange, keyEntry]),
      trail({ from: "2026-11-01T00:00:00.000Z", to: "2026-11-25T00:00:00.000Z" }, [keyEntry]),
    ]);
    expect(await screen.findByLabelText("From")).toHaveValue("2026-11-01");
    await waitFor(() => expect(screen.getByTestId("list-count")).toHaveTextContent("Total entries: 2"));
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: "2026-11-24" } });
    expect(new URLSearchParams(router.state.location.search).get("to")).toBe("2026-11-24");
    await waitFor(() => expect(screen.getByTestId("list-count")).toHaveTextContent("Total entries: 1"));
  });

  it("a period that ends before it starts is said at To", async () => {
    renderActivity("/admin/activity?from=2026-11-10&to=2026-11-01", [trail({ from: "2026-11-10T00:00:00.000Z", to: "2026-11-02T00:00:00.000Z" }, [])]);
    await waitFor(() => expect(screen.getByLabelText(/^To/)).toHaveAccessibleDescription(expect.stringContaining("The end date is before the start date.")));
  });

  it("says when nothing matches the filters, and 'Clear filters' shows everything again", async () => {
    const { router } = renderActivity("/admin/activity?kind=product.deleted", [trail({ kind: "product.deleted" }, []), trail({}, [priceChange])]);
    expect(await screen.findByText(NO_ACTIVITY)).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Activity" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("");
    expect(await activityTable()).toBeInTheDocument();
  });

  it("shows the loading state, then a failure with 'Try again'", async () => {
    renderActivity("/admin/activity", [{ ...trail({}, []), result: undefined, error: new Error("offline"), delay: 50 }, trail({}, [priceChange])]);
    expect(screen.getByRole("status", { name: "Loading entries" })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await activityTable()).toBeInTheDocument();
  });

  it("loads the next page onto the list", async () => {
    renderActivity("/admin/activity", [trail({}, [priceChange], { hasNextPage: true, totalCount: 2 }), trail({}, [keyEntry], { after: "cursor-a1", totalCount: 2 })]);
    await activityTable();
    await userEvent.click(screen.getByRole("button", { name: "Load more entries" }));
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Activity" })).getAllByRole("row")).toHaveLength(3));
    expect(screen.getByText("Showing 2 of 2 entries")).toBeInTheDocument();
  });
});

describe("Activity: Export CSV", () => {
  function catchDownloads() {
    const saved: Blob[] = [];
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), "blob:activity")), revokeObjectURL: vi.fn() });
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    return { saved, clicked };
  }

  it("saves the server's CSV of the filtered trail as activity-YYYY-MM-DD.csv", async () => {
    const { saved, clicked } = catchDownloads();
    const filter = { actor: "staff:1", kind: "product.updated" };
    const csv = "at,actor,kind\r\n2026-11-24T09:30:00.000Z,owner@example.com,product.updated\r\n";
    renderActivity("/admin/activity?person=staff:1&kind=product.updated", [trail(filter, [priceChange]), { request: { query: ActivityCsvDocument, variables: { filter } }, result: { data: { activityCsv: csv } } }]);
    await activityTable();
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(clicked).toEqual([{ href: "blob:activity", download: csvFileName() }]));
    expect(csvFileName()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[0]!.type).toBe("text/csv;charset=utf-8");
    expect(await saved[0]!.text()).toBe(csv);
  });

  it("a refused export shows the server's words", async () => {
    const { clicked } = catchDownloads();
    renderActivity("/admin/activity", [
      trail({}, [priceChange]),
      { request: { query: ActivityCsvDocument, variables: { filter: {} } }, result: { errors: [{ message: "Too many entries: narrow the period.", extensions: { code: "BAD_USER_INPUT" } }] } },
    ]);
    await activityTable();
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Too many entries: narrow the period.")).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});

describe("Activity: only for those who may read it (activity:read)", () => {
  const alerts = { request: { query: WebhookAlertsDocument }, result: { data: { webhookEndpoints: [] } }, maxUsageCount: Number.POSITIVE_INFINITY };
  const renderInFrame = (user: SessionUser) =>
    renderRoutes([{ element: <AdminLayout />, children: [{ path: "/admin/activity", element: <ActivityScreen />, handle: { adminPage: "/admin/activity" } }] }], {
      route: "/admin/activity",
      user,
      mocks: [alerts, choices, trail({}, [priceChange])] as never,
    });
  const adminMenu = () => screen.getAllByRole("navigation", { name: "Admin" })[0]!;

  it("the owner has the menu link and the screen", async () => {
    renderInFrame(admin);
    expect(await activityTable()).toBeInTheDocument();
    expect(within(adminMenu()).getByRole("link", { name: "Activity" })).toHaveAttribute("href", "/admin/activity");
  });

  it("the spec's admin has no menu link, and the address answers 'Not allowed'", async () => {
    renderInFrame(specAdmin);
    expect(await screen.findByRole("heading", { level: 1, name: "Not allowed" })).toBeInTheDocument();
    expect(within(adminMenu()).queryByRole("link", { name: "Activity" })).not.toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Activity" })).not.toBeInTheDocument();
  });
});
