import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import {
  AdminApiKeysDocument,
  AdminWebhookEndpointDocument,
  AdminWebhookEndpointsDocument,
  CreateApiKeyDocument,
  ResendWebhookDeliveryDocument,
  RevokeApiKeyDocument,
} from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE } from "../../../lib/apollo/pages";
import { connection, queryMock } from "../../../test/fixtures";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { IntegrationsScreen } from "./IntegrationsScreen";
import { WebhookEndpointScreen } from "./WebhookEndpointScreen";

afterEach(() => notifications.clean());

const scopes = [
  { __typename: "ApiScopeInfo" as const, scope: "ORDERS_READ" as const, description: "Read every order, and follow orders live." },
  { __typename: "ApiScopeInfo" as const, scope: "ORDERS_WRITE" as const, description: "Change an order's status." },
];
const erpKey = {
  __typename: "ApiKey" as const,
  id: 4,
  name: "ERP",
  scopes: ["ORDERS_READ"],
  secretStart: "vrd_AbCd",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: "2026-11-24T09:30:00.000Z",
  expiresAt: null,
  revokedAt: null,
  active: true,
};
const keysPage = (keys: object[], extra: object = {}) =>
  queryMock(AdminApiKeysDocument, { first: ADMIN_PAGE_SIZE }, { apiScopes: scopes, apiKeys: connection("ApiKey", keys as typeof erpKey[]) }, extra);
const endpoint = {
  __typename: "WebhookEndpoint" as const,
  id: 7,
  url: "https://erp.example.com/hooks",
  description: "Orders to the ERP",
  events: ["ORDER_PLACED"],
  active: false,
  stockLowThreshold: 5,
  secretStart: "whsec_AbCd…",
  failingSince: "2026-11-23T08:00:00.000Z",
  disabledAt: "2026-11-24T08:01:00.000Z",
  disabledReason: "Turned off by the shop: deliveries failed for a day. Last error: The receiver answered 502.",
  createdAt: "2026-11-20T10:00:00.000Z",
};
const eventTypes = [{ __typename: "WebhookEventInfo" as const, type: "ORDER_PLACED" as const, description: "A shopper placed an order (data.order)." }];
const failedDelivery = {
  __typename: "WebhookDelivery" as const,
  id: "0b7c1f0e-8f4e-4c55-9d57-6f1a2b3c4d5e",
  eventId: "evt_0123456789abcdef0123456789abcdef",
  eventType: "order.placed",
  state: "FAILED" as const,
  attempts: 11,
  responseStatus: 502,
  responseExcerpt: "Bad gateway",
  lastError: "The receiver answered 502.",
  lastAttemptAt: "2026-11-24T08:01:00.000Z",
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: "2026-11-23T08:00:00.000Z",
};

describe("Integrations: API keys", () => {
  it("lists each key with its scopes, the start of its secret, when it was last used and whether it works", async () => {
    renderWithShop(<IntegrationsScreen />, { route: "/admin/integrations", path: "/admin/integrations", user: admin, mocks: [keysPage([erpKey])] });
    const table = await screen.findByRole("table", { name: "API keys" });
    const row = within(table).getByRole("row", { name: /ERP/ });
    expect(row).toHaveTextContent("orders:read");
    expect(row).toHaveTextContent("vrd_AbCd…");
    expect(row).toHaveTextContent("Nov 24, 2026");
    expect(row).toHaveTextContent("Active");
  });

  it("makes a key with the chosen scopes and shows its secret once, with a way to copy it", async () => {
    const secret = "vrd_" + "x".repeat(43);
    const made = { ...erpKey, id: 5, name: "Fulfilment", scopes: ["ORDERS_WRITE"], lastUsedAt: null };
    renderWithShop(<IntegrationsScreen />, {
      route: "/admin/integrations",
      path: "/admin/integrations",
      user: admin,
      mocks: [
        keysPage([erpKey]),
        queryMock(
          CreateApiKeyDocument,
          { input: { name: "Fulfilment", scopes: ["ORDERS_WRITE"], expiresAt: null } },
          { createApiKey: { __typename: "NewApiKeyPayload", message: "API key created. Copy its secret now: it will not be shown again.", secret, apiKey: made } },
        ),
        keysPage([made, erpKey]),
      ],
    });
    await screen.findByRole("table", { name: "API keys" });
    await userEvent.type(screen.getByRole("textbox", { name: /Name/ }), "Fulfilment");
    await userEvent.click(screen.getByRole("checkbox", { name: /orders:write/ }));
    await userEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByTestId("revealed-secret")).toHaveTextContent(secret);
    expect(screen.getByRole("button", { name: "Copy" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "I have copied it" }));
    expect(screen.queryByTestId("revealed-secret")).not.toBeInTheDocument();
  });

  it("revokes a key only after the admin confirms", async () => {
    renderWithShop(<IntegrationsScreen />, {
      route: "/admin/integrations",
      path: "/admin/integrations",
      user: admin,
      mocks: [keysPage([erpKey]), queryMock(RevokeApiKeyDocument, { id: 4 }, { revokeApiKey: { ...erpKey, revokedAt: "2026-11-25T10:00:00.000Z", active: false } })],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Revoke ERP" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke ERP?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke key" }));
    expect(await screen.findByText("The key 'ERP' was revoked. Requests with it are refused from now on.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Revoke ERP" })).not.toBeInTheDocument());
  });
});

describe("Integrations: webhooks", () => {
  it("says when the shop turned an endpoint off after a day of failures, and links to its delivery log", async () => {
    renderWithShop(<IntegrationsScreen />, {
      route: "/admin/integrations?tab=webhooks",
      path: "/admin/integrations",
      user: admin,
      mocks: [queryMock(AdminWebhookEndpointsDocument, {}, { webhookEventTypes: eventTypes, webhookEndpoints: [endpoint] })],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("One endpoint was turned off after every delivery failed for a day.");
    const card = screen.getByRole("article", { name: endpoint.url });
    expect(card).toHaveTextContent("Turned off after failures");
    expect(card).toHaveTextContent("order.placed");
    expect(within(card).getByRole("link", { name: `Delivery log of ${endpoint.url}` })).toHaveAttribute("href", "/admin/integrations/webhooks/7");
    expect(screen.getByRole("button", { name: "Add endpoint" })).toBeInTheDocument();
  });

  it("the new endpoint's events are the server's list, each named as its webhooks' type with the server's description (order.cancelled included)", async () => {
    const cancelledEvent = {
      __typename: "WebhookEventInfo" as const,
      type: "ORDER_CANCELLED" as const,
      description: "An order was cancelled; its stock and promotion uses were given back (data.order, data.previousStatus). Also reported as order.status_changed.",
    };
    renderWithShop(<IntegrationsScreen />, {
      route: "/admin/integrations?tab=webhooks",
      path: "/admin/integrations",
      user: admin,
      mocks: [queryMock(AdminWebhookEndpointsDocument, {}, { webhookEventTypes: [...eventTypes, cancelledEvent], webhookEndpoints: [] })],
    });
    const events = await screen.findByRole("group", { name: /Events/ });
    expect(within(events).getAllByRole("checkbox").map((box) => box.getAttribute("value"))).toEqual(["ORDER_PLACED", "ORDER_CANCELLED"]);
    expect(within(events).getByRole("checkbox", { name: "order.cancelled" })).toBeInTheDocument();
    expect(within(events).getByText(cancelledEvent.description)).toBeInTheDocument();
  });

  it("the delivery log shows status, attempts, response code and time; 'Send again' queues the same event", async () => {
    const deliveries = {
      __typename: "WebhookDeliveryConnection" as const,
      edges: [{ __typename: "WebhookDeliveryEdge" as const, cursor: "c1", node: failedDelivery }],
      pageInfo: { __typename: "PageInfo" as const, hasNextPage: false, endCursor: "c1" },
    };
    const answer = { webhookEventTypes: eventTypes, webhookEndpoint: { ...endpoint, deliveries } };
    renderWithShop(<WebhookEndpointScreen />, {
      route: "/admin/integrations/webhooks/7",
      path: "/admin/integrations/webhooks/:id",
      user: admin,
      mocks: [
        queryMock(AdminWebhookEndpointDocument, { id: 7, first: ADMIN_PAGE_SIZE }, answer),
        queryMock(ResendWebhookDeliveryDocument, { id: failedDelivery.id }, { resendWebhookDelivery: { ...failedDelivery, state: "PENDING", attempts: 0 } }),
        queryMock(AdminWebhookEndpointDocument, { id: 7, first: ADMIN_PAGE_SIZE }, answer),
      ],
    });
    const log = await screen.findByRole("table", { name: "Delivery log" });
    const row = within(log).getByRole("row", { name: /order\.placed/ });
    expect(row).toHaveTextContent("Failed");
    expect(row).toHaveTextContent("11");
    expect(row).toHaveTextContent("502");
    expect(row).toHaveTextContent("Nov 24, 2026");
    expect(screen.getByRole("alert")).toHaveTextContent("deliveries failed for a day");
    await userEvent.click(within(row).getByRole("button", { name: `Send again: order.placed ${failedDelivery.eventId}` }));
    expect(await screen.findByText("The event is queued again.")).toBeInTheDocument();
  });
});
