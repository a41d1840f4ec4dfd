import { gql } from "@apollo/client";
import { describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_KEY } from "../auth/tokenStorage";
import { createApolloClient, withAuthorization } from "./client";

describe("Sign-in state: the access token is attached as a Bearer authorization header on every request", () => {
  it("adds the header when a token exists", () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-1");
    expect(withAuthorization({ "x-other": "1" })).toEqual({ "x-other": "1", authorization: "Bearer token-1" });
  });

  it("sends no header for a guest", () => {
    expect(withAuthorization(undefined)).toEqual({});
  });

  it("the token is removed on a request-setup error", () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-1");
    expect(() =>
      withAuthorization({}, () => {
        throw new Error("storage unavailable");
      }),
    ).toThrow("storage unavailable");
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("every request through the client carries the header", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-2");
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ data: { ping: "pong" } }), { headers: { "content-type": "application/json" } }));
    const client = createApolloClient({ uri: "http://shop.test/graphql", fetch: fetchSpy as unknown as typeof fetch });
    const result = await client.query({ query: gql`query Ping { ping }` });
    expect(result.data).toEqual({ ping: "pong" });
    const init = (fetchSpy.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer token-2");
    expect(new Headers(init.headers).get("apollo-require-preflight")).toBe("true");
  });
});
