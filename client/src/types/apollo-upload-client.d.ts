// apollo-upload-client ships JSDoc-typed .mjs files without declarations; this is the part the shop uses.
declare module "apollo-upload-client/UploadHttpLink.mjs" {
  import { ApolloLink } from "@apollo/client/link";

  export interface UploadHttpLinkOptions {
    uri?: string;
    headers?: Record<string, string>;
    credentials?: string;
    fetch?: typeof fetch;
    fetchOptions?: RequestInit;
  }

  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: UploadHttpLinkOptions);
  }
}
