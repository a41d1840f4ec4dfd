// GraphQL Code Generator: typed documents for the client from the API contract (schema.graphql).
// Operations are written in client/src as /* GraphQL */ template strings (or graphql() calls); the
// output in client/src/graphql/generated/ is generated, never edited. Run: npm run codegen -w client.
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "./schema.graphql",
  documents: ["client/src/**/*.{ts,tsx}", "!client/src/**/*.test.{ts,tsx}", "!client/src/test/**", "!client/src/graphql/generated/**"],
  ignoreNoDocuments: false,
  generates: {
    "client/src/graphql/generated/": {
      preset: "client",
      // No fragment masking: a fragment's fields are spread into each operation's result type, so a
      // screen passes `data.order` straight to the component whose fragment asked for it (typed by
      // `OrderDetailFieldsFragment`, `ProductCardFieldsFragment`). Masking (the preset's useFragment, or
      // Apollo Client 4's dataMasking with codegen's @unmask support) would make every reader unmask
      // first; the fragments already keep one definition per thing without it.
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        avoidOptionals: { field: true, inputValue: false },
        defaultScalarType: "unknown",
        scalars: {
          Money: "number",
          DateTimeISO: "string",
          Upload: "File",
        },
      },
    },
  },
};

export default config;
