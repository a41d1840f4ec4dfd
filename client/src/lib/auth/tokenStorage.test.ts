import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_KEY, bearer, readAccessToken, removeAccessToken, saveAccessToken } from "./tokenStorage";

describe("Auth: access_token kept in browser local storage under the key access_token", () => {
  it("saves, reads and removes the token", () => {
    expect(readAccessToken()).toBeNull();
    saveAccessToken("abc.def");
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe("abc.def");
    expect(readAccessToken()).toBe("abc.def");
    removeAccessToken();
    expect(readAccessToken()).toBeNull();
  });

  it("treats a blank token as none", () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, " ");
    expect(readAccessToken()).toBeNull();
  });

  it("is attached as a Bearer authorization header", () => {
    expect(bearer("abc")).toBe("Bearer abc");
  });
});
