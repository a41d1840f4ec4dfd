import { ApolloClient, InMemoryCache } from "@apollo/client";
import type { ClientOptions } from "graphql-ws/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LiveOrderStatusDocument } from "../../graphql/generated/graphql";
import { removeAccessToken, saveAccessToken } from "../auth/tokenStorage";
import { createLiveConnection, liveUrl, RESYNC_CODE, retryDelayMs, SESSION_ENDED_CODE } from "./liveLink";

/** A stand-in for graphql-ws: records the options the app gives it and lets a test play the server. */
function fakeGraphqlWs() {
  const made: { options: ClientOptions; subscriptions: { payload: { query: string; variables?: unknown }; sink: { next(value: unknown): void } }[] }[] = [];
  const socket = { close: vi.fn() };
  const load = async () =>
    ({
      createClient: (options: ClientOptions) => {
        const entry = { options, subscriptions: [] as (typeof made)[number]["subscriptions"] };
        made.push(entry);
        return {
          subscribe: (payload: { query: string; variables?: unknown }, sink: { next(value: unknown): void }) => {
            entry.subscriptions.push({ payload, sink });
            return () => undefined;
          },
        };
      },
    }) as unknown as typeof import("graphql-ws/client");
  return { made, socket, load };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => removeAccessToken());

describe("the live connection (subscriptions over the shop's WebSocket)", () => {
  it("ws:// on http pages and wss:// on https pages, on the page's own host", () => {
    expect(liveUrl("/graphql", { protocol: "http:", host: "localhost:4000" })).toBe("ws://localhost:4000/graphql");
    expect(liveUrl("/graphql", { protocol: "https:", host: "shop.example.com" })).toBe("wss://shop.example.com/graphql");
  });

  it("waits longer after each failed attempt, up to 30 s, with jitter", () => {
    expect(retryDelayMs(0, () => 0)).toBe(250);
    expect(retryDelayMs(0, () => 1)).toBe(500);
    expect(retryDelayMs(3, () => 1)).toBe(4000);
    expect(retryDelayMs(20, () => 1)).toBe(30_000);
  });

  it("loads graphql-ws only when the first subscription starts, and sends the subscription over it", async () => {
    const ws = fakeGraphqlWs();
    const live = createLiveConnection({ url: "ws://shop/graphql", loadGraphqlWs: ws.load });
    const client = new ApolloClient({ link: live.link, cache: new InMemoryCache() });
    expect(ws.made).toHaveLength(0);

    const received: unknown[] = [];
    client.subscribe({ query: LiveOrderStatusDocument, variables: { orderNumber: "ORD-1" } }).subscribe((result) => received.push(result.data));
    await flush();
    expect(ws.made).toHaveLength(1);
    const [subscription] = ws.made[0].subscriptions;
    expect(subscription.payload.query).toContain("orderStatusChanged(orderNumber: $orderNumber)");
    expect(subscription.payload.variables).toEqual({ orderNumber: "ORD-1" });

    const order = { __typename: "Order", id: 1, orderNumber: "ORD-1", status: "DELIVERED", updatedAt: "2026-11-23T10:00:00.000Z" };
    subscription.sink.next({ data: { orderStatusChanged: order } });
    await flush();
    expect(received).toEqual([{ orderStatusChanged: order }]);
  });

  it("sends the access token stored at each (re)connection in the connection parameters", async () => {
    const ws = fakeGraphqlWs();
    const live = createLiveConnection({ url: "ws://shop/graphql", loadGraphqlWs: ws.load });
    new ApolloClient({ link: live.link, cache: new InMemoryCache() }).subscribe({ query: LiveOrderStatusDocument }).subscribe(() => undefined);
    await flush();
    const params = ws.made[0].options.connectionParams as () => Record<string, unknown>;
    expect(params()).toEqual({});
    saveAccessToken("token-1");
    expect(params()).toEqual({ authorization: "Bearer token-1" });
  });

  it("keeps retrying after drops; after coming back, the screens read again; a restart reopens the socket", async () => {
    const ws = fakeGraphqlWs();
    const onReconnected = vi.fn();
    const live = createLiveConnection({ url: "ws://shop/graphql", loadGraphqlWs: ws.load, onReconnected });
    new ApolloClient({ link: live.link, cache: new InMemoryCache() }).subscribe({ query: LiveOrderStatusDocument }).subscribe(() => undefined);
    await flush();
    const { options } = ws.made[0];
    expect(options.retryAttempts).toBe(Infinity);
    expect(options.shouldRetry?.(new Error("network down"))).toBe(true);

    const on = options.on!;
    (on.connected as (socket: unknown) => void)(ws.socket);
    expect(onReconnected).not.toHaveBeenCalled();
    (on.closed as (event: unknown) => void)({ code: 1006, reason: "" });
    (on.connected as (socket: unknown) => void)(ws.socket);
    expect(onReconnected).toHaveBeenCalledTimes(1);

    live.restart();
    expect(ws.socket.close).toHaveBeenCalledWith(4205, "The session changed.");
  });

  it("a session the server ended (4401) is reported, so the app shows the shopper signed out", async () => {
    const ws = fakeGraphqlWs();
    const onSessionEnded = vi.fn();
    const live = createLiveConnection({ url: "ws://shop/graphql", loadGraphqlWs: ws.load, onSessionEnded });
    new ApolloClient({ link: live.link, cache: new InMemoryCache() }).subscribe({ query: LiveOrderStatusDocument }).subscribe(() => undefined);
    await flush();
    (ws.made[0].options.on!.closed as (event: unknown) => void)({ code: 1001, reason: "Going away" });
    expect(onSessionEnded).not.toHaveBeenCalled();
    (ws.made[0].options.on!.closed as (event: unknown) => void)({ code: SESSION_ENDED_CODE, reason: "Your session has ended. Sign in again." });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it("when the server says updates may have been missed (4205), the real graphql-ws reconnects, resubscribes, and the screens read again", async () => {
    /** A WebSocket the test plays the server of: it acknowledges every connection and records what it is sent. */
    class ServerSocket {
      static CONNECTING = 0;
      static OPEN = 1;
      static CLOSING = 2;
      static CLOSED = 3;
      static made: ServerSocket[] = [];
      readyState = 0;
      protocol = "graphql-transport-ws";
      sent: { type: string }[] = [];
      onopen: (() => void) | null = null;
      onmessage: ((event: { data: string }) => void) | null = null;
      onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      constructor() {
        ServerSocket.made.push(this);
        setTimeout(() => {
          this.readyState = 1;
          this.onopen?.();
        }, 0);
      }
      send(data: string) {
        const message = JSON.parse(data) as { type: string };
        this.sent.push(message);
        if (message.type === "connection_init") setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: "connection_ack" }) }), 0);
      }
      close(code: number, reason: string) {
        this.serverCloses(code, reason);
      }
      serverCloses(code: number, reason: string) {
        if (this.readyState === 3) return;
        this.readyState = 3;
        setTimeout(() => this.onclose?.({ code, reason, wasClean: true }), 0);
      }
    }
    const until = async (check: () => boolean) => {
      for (let waited = 0; !check(); waited += 10) {
        if (waited > 3000) throw new Error("not within 3 s");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const onReconnected = vi.fn();
    const onSessionEnded = vi.fn();
    const live = createLiveConnection({ url: "ws://shop/graphql", webSocketImpl: ServerSocket, onReconnected, onSessionEnded });
    new ApolloClient({ link: live.link, cache: new InMemoryCache() }).subscribe({ query: LiveOrderStatusDocument }).subscribe(() => undefined);
    await until(() => ServerSocket.made[0]?.sent.some((message) => message.type === "subscribe"));

    ServerSocket.made[0].serverCloses(RESYNC_CODE, "Live updates may have been missed: reconnect and read again.");
    await until(() => ServerSocket.made[1]?.sent.some((message) => message.type === "subscribe"));
    expect(onReconnected).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
