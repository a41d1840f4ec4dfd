import { describe, expect, it } from "vitest";
import { documentsOf, importDocumentsApart } from "./documents-apart";

// Two lines as the codegen client preset writes them (one document, one fragment's), and a type.
const GENERATED = [
  "export type HomePageQuery = { __typename?: 'Query' };",
  'export const ProductCardFieldsFragmentDoc = {"kind":"Document","definitions":[]} as unknown as DocumentNode<ProductCardFieldsFragment, unknown>;',
  'export const HomePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition"}]} as unknown as DocumentNode<HomePageQuery, HomePageQueryVariables>;',
  'export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation"}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;',
].join("\n");

describe("each GraphQL document in a module of its own", () => {
  const documents = documentsOf(GENERATED);

  it("reads every operation's document from the generated module, as its JSON", () => {
    expect([...documents.keys()]).toEqual(["HomePageDocument", "LoginDocument"]);
    expect(JSON.parse(documents.get("HomePageDocument")!)).toEqual({ kind: "Document", definitions: [{ kind: "OperationDefinition" }] });
  });

  it("points the documents a module imports at their own modules; the types stay a type-only import", () => {
    const code = `import { useQuery } from "@apollo/client/react";\nimport {\n  HomePageDocument,\n  type HomePageQuery,\n  LoginDocument as Login,\n} from "../../graphql/generated/graphql";\nconst x = 1;\n`;
    expect(importDocumentsApart(code, documents)).toBe(
      `import { useQuery } from "@apollo/client/react";\n` +
        `import type { HomePageQuery } from "../../graphql/generated/graphql"; import { HomePageDocument } from "virtual:verdant-document/HomePageDocument"; import { LoginDocument as Login } from "virtual:verdant-document/LoginDocument";\n\n\n\n\n` +
        `const x = 1;\n`,
    );
  });

  it("leaves modules alone that import no document from it (types only, other modules)", () => {
    expect(importDocumentsApart(`import type { HomePageQuery } from "../graphql/generated/graphql";`, documents)).toBeNull();
    expect(importDocumentsApart(`import { type HomePageQuery } from "../graphql/generated/graphql";`, documents)).toBeNull();
    expect(importDocumentsApart(`import { HomePageDocument } from "./elsewhere";`, documents)).toBeNull();
  });
});
