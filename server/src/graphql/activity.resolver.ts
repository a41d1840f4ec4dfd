// The audit trail over GraphQL (the owner's Activity screen): thin adapters over domain/audit.
import { Arg, Ctx, Field, InputType, Int, ObjectType, Query, Resolver } from "type-graphql";
import type { ActivityEntry as EntryRow, ActivityFilter as DomainFilter } from "../domain/audit/index.js";
import { AFTER, connectionOf, PAGE_SIZE, viewConnection, type Connection } from "./connections.js";
import type { GraphQLContext } from "./context.js";

@ObjectType({ simpleResolvers: true, description: "A changed field: its value before and after, as JSON text (null: not there, before a creation or after a deletion)." })
class ActivityChange {
  @Field(() => String) field!: string;
  @Field(() => String, { nullable: true }) before!: string | null;
  @Field(() => String, { nullable: true }) after!: string | null;
}

@ObjectType({ simpleResolvers: true, description: "One change in the back office: who, when, from where, what, and the changed fields. Never a password or secret." })
class ActivityEntry {
  @Field(() => String) id!: string;
  @Field(() => Date) at!: Date;
  @Field(() => String, { description: "staff, api-key or customer (a customer's own export or deletion)." }) actorKind!: string;
  @Field(() => String, { description: "A staff member's email as it was then, an API key's name, or 'Customer #id'." }) actorName!: string;
  @Field(() => String, { description: "The key the person filter takes for this actor (activityActors)." }) actorKey!: string;
  @Field(() => String, { nullable: true, description: "The request's client address." }) ip!: string | null;
  @Field(() => String, { description: "What happened, e.g. product.updated (activityKinds)." }) kind!: string;
  @Field(() => String) subjectType!: string;
  @Field(() => String, { nullable: true }) subjectId!: string | null;
  @Field(() => String) subjectLabel!: string;
  @Field(() => [ActivityChange]) changes!: ActivityChange[];
}

const ActivityEntryConnection = connectionOf("ActivityEntry", ActivityEntry);

@ObjectType({ simpleResolvers: true, description: "Someone who appears in the audit trail." })
class ActivityActor {
  @Field(() => String, { description: "What the person filter takes, e.g. staff:12." }) key!: string;
  @Field(() => String) kind!: string;
  @Field(() => String) name!: string;
}

@InputType({ description: "Which entries: by person (an ActivityActor key), kind and period [from, to)." })
class ActivityFilter {
  @Field(() => String, { nullable: true }) actor?: string | null;
  @Field(() => String, { nullable: true }) kind?: string | null;
  @Field(() => Date, { nullable: true }) from?: Date | null;
  @Field(() => Date, { nullable: true }) to?: Date | null;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const viewEntry = (entry: EntryRow): ActivityEntry => ({
  id: entry.id,
  at: entry.at,
  actorKind: entry.actorKind,
  actorName: entry.actorName,
  actorKey: `${entry.actorKind}:${entry.actorKind === "api-key" ? entry.apiKeyId : entry.actorId}`,
  ip: entry.ip,
  kind: entry.kind,
  subjectType: entry.subjectType,
  subjectId: entry.subjectId,
  subjectLabel: entry.subjectLabel,
  changes: Object.entries(entry.changes).map(([field, change]) => ({ field, before: json(change.before), after: json(change.after) })),
});

const filterOf = (filter: ActivityFilter | null): DomainFilter => ({ actor: filter?.actor, kind: filter?.kind, from: filter?.from, to: filter?.to });

@Resolver()
class ActivityResolver {
  @Query(() => ActivityEntryConnection, { description: "The audit trail, newest first, filtered by person, kind and period (the owner; activity:read)." })
  async activity(
    @Ctx() { shop, viewer }: GraphQLContext,
    @Arg("filter", () => ActivityFilter, { nullable: true }) filter: ActivityFilter | null,
    @Arg("first", () => Int, { nullable: true, defaultValue: 50, description: PAGE_SIZE }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: AFTER }) after: string | null,
  ): Promise<Connection<ActivityEntry>> {
    return viewConnection(ActivityEntryConnection, await shop.activity.page(viewer, filterOf(filter), { first, after }), viewEntry);
  }

  @Query(() => [ActivityActor], { description: "Everyone in the audit trail, most recently active first (the owner)." })
  activityActors(@Ctx() { shop, viewer }: GraphQLContext): Promise<ActivityActor[]> {
    return shop.activity.actors(viewer);
  }

  @Query(() => [String], { description: "Every kind an audit trail entry can have (the owner)." })
  activityKinds(@Ctx() { shop, viewer }: GraphQLContext): readonly string[] {
    return shop.activity.kinds(viewer);
  }

  @Query(() => String, { description: "The filtered audit trail as CSV (RFC 4180, a header row, oldest first; formulas neutralised). At most 100,000 entries." })
  activityCsv(@Ctx() { shop, viewer }: GraphQLContext, @Arg("filter", () => ActivityFilter, { nullable: true }) filter: ActivityFilter | null): Promise<string> {
    return shop.activity.csv(viewer, filterOf(filter));
  }
}

export const activityResolvers = [ActivityResolver] as const;
