// The Activity screen's documents (the owner's audit trail): each a /* GraphQL */ string that codegen reads
// and types, built into a document in this lazy chunk (see ../lazyDocument.ts: not in the first load).
import type * as Types from "../../../graphql/generated/graphql";
import { lazyDocument } from "../lazyDocument";

const activityEntryFields = /* GraphQL */ `
  fragment ActivityEntryFields on ActivityEntry {
    id
    at
    actorKey
    actorKind
    actorName
    ip
    kind
    subjectType
    subjectId
    subjectLabel
    changes {
      field
      before
      after
    }
  }
`;

/** A page of the trail, newest first, for the filter (person, kind, period). */
const activityTrail = /* GraphQL */ `
  query ActivityTrail($filter: ActivityFilter, $first: Int!, $after: String) {
    activity(filter: $filter, first: $first, after: $after) {
      edges {
        cursor
        node {
          ...ActivityEntryFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }
`;

/** What the filters offer: everyone in the trail, and every kind of entry. */
const activityChoices = /* GraphQL */ `
  query ActivityChoices {
    activityActors {
      key
      kind
      name
    }
    activityKinds
  }
`;

const activityCsv = /* GraphQL */ `
  query ActivityCsv($filter: ActivityFilter) {
    activityCsv(filter: $filter)
  }
`;

export const ActivityTrailDocument = lazyDocument<Types.ActivityTrailQuery, Types.ActivityTrailQueryVariables>(activityTrail, activityEntryFields);
export const ActivityChoicesDocument = lazyDocument<Types.ActivityChoicesQuery, Types.ActivityChoicesQueryVariables>(activityChoices);
export const ActivityCsvDocument = lazyDocument<Types.ActivityCsvQuery, Types.ActivityCsvQueryVariables>(activityCsv);
