// 'Did you mean …?' beside the spec's 'No result': the server corrects the words the catalogue
// does not know ('monstra lavendar' -> 'monstera lavender'); the corrected text links to its own search.
// Shown only when the server has a correction; a failure to ask simply shows nothing more.
import { useQuery } from "@apollo/client/react";
import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { DidYouMeanDocument } from "../../graphql/generated/graphql";

export const didYouMeanOperations = /* GraphQL */ `
  query DidYouMean($text: String!) {
    didYouMean(text: $text)
  }
`;

export function DidYouMean({ text }: { text: string }) {
  const { data } = useQuery(DidYouMeanDocument, { variables: { text } });
  const corrected = data?.didYouMean;
  if (!corrected || corrected.toLowerCase() === text.toLowerCase()) return null;
  return (
    <Text ta="center">
      Did you mean{" "}
      <Anchor component={Link} to={`/search?${new URLSearchParams({ q: corrected })}`} fw={600}>
        {corrected}
      </Anchor>
      ?
    </Text>
  );
}
