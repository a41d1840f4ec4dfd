import { MockedProvider } from "@apollo/client/testing/react";
import { act, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { CurrentUserDocument } from "../../graphql/generated/graphql";
import { shopper } from "../../test/renderWithShop";
import { ACCESS_TOKEN_KEY } from "../auth/tokenStorage";
import { useSession, type Session } from "./session";
import { SessionProvider } from "./SessionProvider";

let session: Session;
function Probe() {
  const current = useSession();
  // Handed out after render (an effect), so the test can call signIn / clearUser.
  useEffect(() => {
    session = current;
  });
  return <p data-testid="probe">{current.loading ? "loading" : (current.user?.name ?? "guest")}</p>;
}

const meMock = (outcome: { user?: typeof shopper | null; error?: Error }) => ({
  request: { query: CurrentUserDocument },
  ...(outcome.error ? { error: outcome.error } : { result: { data: { me: outcome.user ? { __typename: "User", ...outcome.user } : null } } }),
  delay: 10,
});

function renderSession(mocks: object[] = []) {
  return render(
    <MockedProvider mocks={mocks as never}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </MockedProvider>,
  );
}

describe("Sign-in state", () => {
  it("at startup, if a token exists and no user is loaded, the current user is fetched", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-1");
    renderSession([meMock({ user: shopper })]);
    expect(screen.getByTestId("probe")).toHaveTextContent("loading");
    expect(await screen.findByText(shopper.name)).toBeInTheDocument();
  });

  it("without a token nothing is fetched and the user is a guest", async () => {
    renderSession([]);
    expect(screen.getByTestId("probe")).toHaveTextContent("guest");
  });

  it("the token is removed on failure to load the current user", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-1");
    renderSession([meMock({ error: new Error("offline") })]);
    expect(await screen.findByText("guest")).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("a page being left (its request for the user cancelled) keeps the token for the next page", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "token-1");
    window.dispatchEvent(new Event("pagehide"));
    try {
      renderSession([meMock({ error: new Error("Failed to fetch") })]);
      expect(await screen.findByText("guest")).toBeInTheDocument();
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe("token-1");
    } finally {
      window.dispatchEvent(new Event("pageshow"));
    }
  });

  it("the token is removed when it no longer names a user", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, "revoked");
    renderSession([meMock({ user: null })]);
    expect(await screen.findByText("guest")).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("signing in keeps the token and loads the user; clearing the user also removes the token", async () => {
    renderSession([]);
    act(() => session.signIn("token-2", { ...shopper }));
    expect(await screen.findByText(shopper.name)).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe("token-2");
    act(() => session.clearUser());
    expect(await screen.findByText("guest")).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});
