// Builds the GraphQL schema from the resolvers. `npm run schema:emit` writes it to /schema.graphql,
// and a test fails when the committed file differs from what this code emits.
import "reflect-metadata";
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import { buildSchema, type PubSub } from "type-graphql";
import { accountResolvers } from "./accounts.resolver.js";
import { addressResolvers } from "./addresses.resolver.js";
import { catalogResolvers } from "./catalog.resolver.js";
import { integrationResolvers } from "./integrations.resolver.js";
import { emailResolvers } from "./emails.resolver.js";
import { liveOrderResolvers } from "./live-orders.resolver.js";
import { orderResolvers } from "./orders.resolver.js";
import { pictureResolvers } from "./pictures.resolver.js";
import { analyticsResolvers } from "./analytics.resolver.js";
import { searchResolvers } from "./search.resolver.js";
import { variantResolvers } from "./variants.resolver.js";
import { pricingResolvers } from "./pricing.resolver.js";
import { activityResolvers } from "./activity.resolver.js";

let built: Promise<GraphQLSchema> | undefined;

// Every subscription brings its own event stream from the shop in its context (one schema serves many
// shops in tests), so type-graphql's topic-based PubSub must never be reached.
const noTopics: PubSub = {
  publish() {
    throw new Error("Subscriptions take their events from the shop's event bus, not from topics.");
  },
  subscribe() {
    throw new Error("Subscriptions take their events from the shop's event bus, not from topics.");
  },
};

export function buildShopSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: [...catalogResolvers, ...accountResolvers, ...addressResolvers, ...orderResolvers, ...liveOrderResolvers, ...pictureResolvers, ...integrationResolvers, ...emailResolvers, ...searchResolvers, ...variantResolvers, ...pricingResolvers, ...activityResolvers, ...analyticsResolvers],
    pubSub: noTopics,
    // Inputs are checked by the domain services (one rule, one place), not by class-validator.
    validate: false,
  });
  return built;
}

export async function printShopSchema(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await buildShopSchema()))}\n`;
}
