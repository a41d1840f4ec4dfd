// The integrations room's public surface: other folders import it only from here.
export { ApiKeyService, isApiKeySecret, SCOPE_DESCRIPTIONS } from "./api-keys.js";
export type { ApiKeyRow } from "./api-keys.js";
export { checkedLookup, resolveSafely, UnsafeAddressError } from "./webhook-addresses.js";
export type { WebhookSafety } from "./webhook-addresses.js";
export { WebhookService } from "./webhook-endpoints.js";
export type { EndpointRow, WebhookDelivery } from "./webhook-endpoints.js";
export { EVENT_DESCRIPTIONS, reportWebhookEvents, reportWebhookEventsBuilt, WEBHOOK_CHANNEL, WEBHOOK_EVENTS } from "./webhook-events.js";
export type { ReportedEvent, WebhookEvent, WebhookMessage } from "./webhook-events.js";
export { deliveryTarget, ENDPOINT_GONE, ENDPOINT_OFF, noteDelivered, noteFailure } from "./webhook-health.js";
export type { DeliveryTarget } from "./webhook-health.js";
