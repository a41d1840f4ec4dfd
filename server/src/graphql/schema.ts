// Builds the GraphQL schema from the resolvers. `npm run schema:emit` writes it to /schema.graphql,
// and a test fails when the committed file differs from what this code emits.
import "reflect-metadata";
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { accountResolvers } from "./accounts.resolver.js";
import { catalogResolvers } from "./catalog.resolver.js";
import { orderResolvers } from "./orders.resolver.js";

let built: Promise<GraphQLSchema> | undefined;

export function buildShopSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: [...catalogResolvers, ...accountResolvers, ...orderResolvers],
    // Inputs are checked by the domain services (one rule, one place), not by class-validator.
    validate: false,
  });
  return built;
}

export async function printShopSchema(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await buildShopSchema()))}\n`;
}
