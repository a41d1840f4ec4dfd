// The back office's Integrations over GraphQL: API keys and webhooks. Admins who signed in only (no API
// key manages keys or webhooks); thin adapters over domain/api-keys.ts and domain/webhooks/.
import { Arg, Ctx, Field, FieldResolver, InputType, Int, Mutation, ObjectType, Query, registerEnumType, Resolver, Root } from "type-graphql";
import { EVENT_DESCRIPTIONS, SCOPE_DESCRIPTIONS, WEBHOOK_EVENTS, type ApiKeyRow, type WebhookDelivery as DeliveryRow, type EndpointRow } from "../domain/integrations/index.js";
import { API_SCOPES } from "../domain/shared/index.js";
import { AFTER, connectionOf, PAGE_SIZE, viewConnection, type Connection } from "./connections.js";
import type { GraphQLContext } from "./context.js";
import { Message } from "./types.js";

/** GraphQL enum names for values such as "orders:write" or "order.status_changed". */
const enumOf = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((value) => [value.replace(/[:.]/g, "_").toUpperCase(), value])) as Record<string, T>;

export const ApiScope = enumOf(API_SCOPES);
registerEnumType(ApiScope, {
  name: "ApiScope",
  description: "What an API key may do. CATALOGUE_READ is catalogue:read, ORDERS_WRITE orders:write, and so on.",
  valuesConfig: Object.fromEntries(Object.entries(ApiScope).map(([name, scope]) => [name, { description: SCOPE_DESCRIPTIONS[scope] }])),
});

export const WebhookEventType = enumOf(WEBHOOK_EVENTS);
registerEnumType(WebhookEventType, {
  name: "WebhookEventType",
  description: "An event a webhook endpoint may ask for. ORDER_PLACED is order.placed (the body's `type`), and so on.",
  valuesConfig: Object.fromEntries(Object.entries(WebhookEventType).map(([name, event]) => [name, { description: EVENT_DESCRIPTIONS[event] }])),
});

export enum DeliveryState {
  PENDING = "pending",
  DELIVERED = "delivered",
  FAILED = "failed",
}
registerEnumType(DeliveryState, {
  name: "DeliveryState",
  description: "PENDING: not delivered yet (retries with backoff for a day). DELIVERED: the receiver answered 2xx. FAILED: given up.",
});

@ObjectType({ simpleResolvers: true, description: "A credential for an integration (not a person). Its secret is shown only once, when it is made." })
class ApiKey {
  @Field(() => Int) id!: number;
  @Field(() => String) name!: string;
  @Field(() => [ApiScope]) scopes!: string[];
  @Field(() => String, { description: "The secret's first characters (vrd_ and four more), to tell keys apart." }) secretStart!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: "Updated at most once a minute." }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true }) expiresAt!: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt!: Date | null;
  @Field(() => Boolean, { description: "Neither revoked nor expired." }) active!: boolean;
}

const ApiKeyConnection = connectionOf("ApiKey", ApiKey);

@ObjectType({ simpleResolvers: true })
class NewApiKeyPayload {
  @Field(() => String) message!: string;
  @Field(() => ApiKey) apiKey!: ApiKey;
  @Field(() => String, { description: "The key's secret (vrd_...): shown this once and never again. Send it as 'Authorization: Bearer <secret>'." })
  secret!: string;
}

@ObjectType({ simpleResolvers: true, description: "One event sent (or being sent) to a webhook endpoint." })
class WebhookDelivery {
  @Field(() => String) id!: string;
  @Field(() => String, { description: "The event's id: the body's id and the webhook-id header, the same on every attempt." }) eventId!: string;
  @Field(() => String, { description: "order.placed, ..., or webhook.test." }) eventType!: string;
  @Field(() => DeliveryState) state!: DeliveryState;
  @Field(() => Int, { description: "Attempts since it was queued (or sent again)." }) attempts!: number;
  @Field(() => Int, { nullable: true, description: "The HTTP status of the last answer; null when none came." }) responseStatus!: number | null;
  @Field(() => String, { nullable: true, description: "The first characters of the last answer's body." }) responseExcerpt!: string | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => Date, { nullable: true }) lastAttemptAt!: Date | null;
  @Field(() => Date, { nullable: true, description: "When the next attempt is due (PENDING only)." }) nextAttemptAt!: Date | null;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
}

const WebhookDeliveryConnection = connectionOf("WebhookDelivery", WebhookDelivery);

@ObjectType({ simpleResolvers: true, description: "Where the shop sends webhooks, signed per the Standard Webhooks spec with the endpoint's secret." })
class WebhookEndpoint {
  @Field(() => Int) id!: number;
  @Field(() => String) url!: string;
  @Field(() => String) description!: string;
  @Field(() => [WebhookEventType]) events!: string[];
  @Field(() => Boolean) active!: boolean;
  @Field(() => Int, { description: "product.stock_low fires when a product's stock falls from above this to this or below." })
  stockLowThreshold!: number;
  @Field(() => String, { description: "The signing secret's first characters (whsec_...)." }) secretStart!: string;
  @Field(() => Date, { nullable: true, description: "Since when every delivery has failed; null while deliveries succeed." }) failingSince!: Date | null;
  @Field(() => Date, { nullable: true, description: "When the shop turned the endpoint off after a day of failures." }) disabledAt!: Date | null;
  @Field(() => String, { nullable: true }) disabledReason!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@ObjectType({ simpleResolvers: true })
class WebhookEndpointSecretPayload {
  @Field(() => String) message!: string;
  @Field(() => WebhookEndpoint) endpoint!: WebhookEndpoint;
  @Field(() => String, { description: "The signing secret (whsec_...): shown now; rotate it to get a new one." }) secret!: string;
}

@ObjectType({ simpleResolvers: true })
class ApiScopeInfo {
  @Field(() => ApiScope) scope!: string;
  @Field(() => String) description!: string;
}

@ObjectType({ simpleResolvers: true })
class WebhookEventInfo {
  @Field(() => WebhookEventType) type!: string;
  @Field(() => String) description!: string;
}

@InputType()
class ApiKeyInput {
  @Field(() => String, { description: "What the key is for, e.g. 'Fulfilment (ShipFast)'." }) name!: string;
  @Field(() => [ApiScope]) scopes!: string[];
  @Field(() => Date, { nullable: true, description: "The key stops working at this time; none: until revoked." }) expiresAt!: Date | null;
}

@InputType()
class WebhookEndpointInput {
  @Field(() => String, { description: "https:// (http:// only outside production); not a private or loopback address." }) url!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => [WebhookEventType]) events!: string[];
  @Field(() => Boolean, { nullable: true, defaultValue: true }) active!: boolean | null;
  @Field(() => Int, { nullable: true, description: "5 when not given." }) stockLowThreshold!: number | null;
}

const viewKey = (row: ApiKeyRow): ApiKey => ({
  ...row,
  active: !row.revokedAt && (!row.expiresAt || row.expiresAt.getTime() > Date.now()),
});

const viewEndpoint = (row: EndpointRow): WebhookEndpoint => ({ ...row });

const viewDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  state: row.state as DeliveryState,
  attempts: row.attempts,
  responseStatus: row.lastStatus,
  responseExcerpt: row.lastResponse,
  lastError: row.lastError,
  lastAttemptAt: row.lastAttemptAt,
  nextAttemptAt: row.state === "pending" ? row.availableAt : null,
  deliveredAt: row.deliveredAt,
  createdAt: row.createdAt,
});

@Resolver()
class IntegrationsResolver {
  @Query(() => ApiKeyConnection, { description: "The shop's API keys, newest first, revoked ones included (admins)." })
  async apiKeys(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("first", () => Int, { nullable: true, defaultValue: 20, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
  ): Promise<Connection<ApiKey>> {
    return viewConnection(ApiKeyConnection, await shop.apiKeys.page(viewer, { first, after }), viewKey);
  }

  @Query(() => [ApiScopeInfo], { description: "Every scope an API key may have, with what it allows (admins)." })
  apiScopes(@Ctx() { shop, viewer }: GraphQLContext): ApiScopeInfo[] {
    return shop.apiKeys.scopes(viewer);
  }

  @Mutation(() => NewApiKeyPayload, { description: "Makes an API key (admins). The answer holds its secret, shown this once." })
  async createApiKey(@Ctx() { shop, viewer }: GraphQLContext, @Arg("input", () => ApiKeyInput) input: ApiKeyInput): Promise<NewApiKeyPayload> {
    const made = await shop.apiKeys.create(viewer, input);
    return { message: "API key created. Copy its secret now: it will not be shown again.", apiKey: viewKey(made.key), secret: made.secret };
  }

  @Mutation(() => ApiKey, { description: "Revokes an API key (admins): its next request, on any replica, is refused." })
  async revokeApiKey(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<ApiKey> {
    return viewKey(await shop.apiKeys.revoke(viewer, id));
  }

  @Query(() => [WebhookEndpoint], { description: "The webhook endpoints, newest first (admins)." })
  async webhookEndpoints(@Ctx() { shop, viewer }: GraphQLContext): Promise<WebhookEndpoint[]> {
    return (await shop.webhooks.endpoints(viewer)).map(viewEndpoint);
  }

  @Query(() => WebhookEndpoint, { description: "One webhook endpoint (admins)." })
  async webhookEndpoint(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<WebhookEndpoint> {
    return viewEndpoint(await shop.webhooks.endpoint(viewer, id));
  }

  @Query(() => [WebhookEventInfo], { description: "Every event a webhook endpoint may ask for (admins)." })
  webhookEventTypes(@Ctx() { shop, viewer }: GraphQLContext): WebhookEventInfo[] {
    return shop.webhooks.eventTypes(viewer);
  }

  @Mutation(() => WebhookEndpointSecretPayload, { description: "Registers a webhook endpoint (admins). The answer holds its signing secret." })
  async createWebhookEndpoint(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("input", () => WebhookEndpointInput) input: WebhookEndpointInput,
  ): Promise<WebhookEndpointSecretPayload> {
    const made = await shop.webhooks.create(viewer, input);
    return { message: "Webhook endpoint added. Copy its signing secret now.", endpoint: viewEndpoint(made.endpoint), secret: made.secret };
  }

  @Mutation(() => WebhookEndpoint, { description: "Edits a webhook endpoint (admins). Turning it on again clears its failures." })
  async updateWebhookEndpoint(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("id", () => Int) id: number,
    @Arg("input", () => WebhookEndpointInput) input: WebhookEndpointInput,
  ): Promise<WebhookEndpoint> {
    return viewEndpoint(await shop.webhooks.update(viewer, id, input));
  }

  @Mutation(() => Message, { description: "Deletes a webhook endpoint and its delivery log (admins)." })
  async deleteWebhookEndpoint(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<Message> {
    await shop.webhooks.delete(viewer, id);
    return { message: "Webhook endpoint deleted." };
  }

  @Mutation(() => WebhookEndpointSecretPayload, {
    description: "Gives the endpoint a new signing secret (admins). For 24 hours the old secret signs too (a second signature).",
  })
  async rotateWebhookSecret(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => Int) id: number): Promise<WebhookEndpointSecretPayload> {
    const rotated = await shop.webhooks.rotateSecret(viewer, id);
    return { message: "New signing secret made. The old one keeps working for 24 hours.", endpoint: viewEndpoint(rotated.endpoint), secret: rotated.secret };
  }

  @Mutation(() => WebhookDelivery, { description: "'Send again': the same event (same webhook-id) is queued anew for its endpoint (admins)." })
  async resendWebhookDelivery(@Ctx() { shop, viewer }: GraphQLContext, @Arg("id", () => String) id: string): Promise<WebhookDelivery> {
    return viewDelivery(await shop.webhooks.resend(viewer, id));
  }

  @Mutation(() => WebhookDelivery, { description: "'Send a test event': a webhook.test event to this endpoint alone (admins)." })
  async sendTestWebhook(@Ctx() { shop, viewer }: GraphQLContext, @Arg("endpointId", () => Int) endpointId: number): Promise<WebhookDelivery> {
    return viewDelivery(await shop.webhooks.sendTest(viewer, endpointId));
  }
}

@Resolver(() => WebhookEndpoint)
class WebhookDeliveriesResolver {
  @FieldResolver(() => WebhookDeliveryConnection, { description: "The endpoint's delivery log, newest first." })
  async deliveries(
    @Root() endpoint: WebhookEndpoint,
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("first", () => Int, { nullable: true, defaultValue: 20, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
  ): Promise<Connection<WebhookDelivery>> {
    return viewConnection(WebhookDeliveryConnection, await shop.webhooks.deliveries(viewer, endpoint.id, { first, after }), viewDelivery);
  }
}

export const integrationResolvers = [IntegrationsResolver, WebhookDeliveriesResolver] as const;
