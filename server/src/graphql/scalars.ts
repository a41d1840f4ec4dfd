// Money crosses the GraphQL edge as a dollar number (12.5) and lives inside the server as integer cents.
import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import { parseDollars, toDollars } from "../domain/shared/index.js";

function parseMoney(value: unknown): number {
  const cents = parseDollars(value);
  if (cents === null) {
    throw new GraphQLError("Money must be a number of dollars with at most two decimals, such as 12.50.", {
      extensions: { code: "BAD_USER_INPUT" },
    });
  }
  return cents;
}

export const MoneyScalar = new GraphQLScalarType<number, number>({
  name: "Money",
  description:
    "An amount in US dollars with at most two decimals, such as 12.5. Inputs also accept a numeric string (\"12.50\").",
  serialize: (cents) => toDollars(cents as number),
  parseValue: parseMoney,
  parseLiteral(ast) {
    if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT || ast.kind === Kind.STRING) return parseMoney(ast.value);
    throw new GraphQLError("Money must be a number of dollars.", { extensions: { code: "BAD_USER_INPUT" } });
  },
});
