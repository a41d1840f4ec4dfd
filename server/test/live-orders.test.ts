// Live orders (GraphQL subscriptions over WebSocket on /graphql): who may follow which order, what they
// receive when an admin changes a status or a shopper places an order, and when the socket closes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newReference } from "../src/domain/orders/order-numbers.js";
import { TokenService } from "../src/domain/accounts/tokens.js";
import type { Viewer } from "../src/domain/shared/viewer.js";
import { SESSION_ENDED, SESSION_ENDED_CODE } from "../src/http/live.js";
import { connectLive, postGraphQL, untilListening, type LiveConnection } from "./live-support.js";
import { createTestShop, serveTestShop, TEST_JWT_SECRET, type TestShop } from "./support.js";

let t: TestShop;
let served: Awaited<ReturnType<typeof serveTestShop>>;
type Person = { id: number; token: string; viewer: Viewer };
let shopper: Person;
let otherShopper: Person;
let admin: Person;
let productId: number;
let regionId: number;
const connections: LiveConnection[] = [];

async function person(options: Parameters<TestShop["signUp"]>[0] = {}): Promise<Person> {
  const user = await t.signUp(options);
  return { id: user.id, token: user.token, viewer: (await t.shop.tokens.verify(user.token))! };
}

async function placeOrder(who: Person) {
  return t.shop.orders.placeOrder(who.viewer, { lines: [{ productId, quantity: 1 }], region: regionId, reference: newReference() });
}

function live(token?: string): LiveConnection {
  const connection = connectLive(served.url, token);
  connections.push(connection);
  return connection;
}

const listening = () => t.shop.events.listenerCount();

/** Opens one socket per token, each following its orders, once the server listens for all of them. */
async function followingWith(...tokens: string[]): Promise<LiveConnection[]> {
  const before = listening();
  const sockets = tokens.map((token) => live(token));
  for (const socket of sockets) socket.subscribe(STATUS_CHANGED);
  await untilListening(t.shop.events, before + tokens.length);
  return sockets;
}

/** Whether the socket is still open after `ms`. */
const stillOpenAfter = (socket: LiveConnection, ms = 300) =>
  Promise.race([socket.closed.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms))]);

const STATUS_CHANGED = `subscription($number: String) { orderStatusChanged(orderNumber: $number) { id orderNumber status total userEmail } }`;
const PLACED = `subscription { orderPlaced { id orderNumber status total userEmail lines { name quantity } } }`;
const SET_STATUS = `mutation($id: Int!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { order { id status } } }`;

beforeAll(async () => {
  t = await createTestShop();
  served = await serveTestShop(t);
  const category = await t.shop.prisma.category.create({ data: { name: "Indoor Plants" } });
  productId = (
    await t.shop.prisma.product.create({
      data: {
        slug: "monstera",
        name: "Monstera",
        description: "A big leafy plant.",
        categoryId: category.id,
        priceCents: 2500,
        quantity: 1000,
        imageOne: "/uploads/monstera.jpg",
      },
    })
  ).id;
  regionId = (await t.shop.prisma.region.create({ data: { name: "Portland Metro", feeCents: 500 } })).id;
  shopper = await person();
  otherShopper = await person();
  admin = await person({ role: "admin" });
});

afterAll(async () => {
  for (const connection of connections) await connection.dispose().catch(() => undefined);
  await served?.close();
  await t?.close();
});

describe("orderStatusChanged: the shopper's order updates as soon as an admin changes its status", () => {
  it("the owner following one order receives it with the new status, within 3 s", async () => {
    const order = await placeOrder(shopper);
    const before = listening();
    const subscription = live(shopper.token).subscribe(STATUS_CHANGED, { number: order.orderNumber });
    await untilListening(t.shop.events, before + 1);

    const changedAt = Date.now();
    const answer = await postGraphQL(served.url, SET_STATUS, { id: order.id, status: "IN_TRANSIT" }, admin.token);
    expect(answer.errors).toBeUndefined();
    const received = await subscription.next(3000);
    expect(Date.now() - changedAt).toBeLessThan(3000);
    expect(received.data?.orderStatusChanged).toEqual({
      id: order.id,
      orderNumber: order.orderNumber,
      status: "IN_TRANSIT",
      total: 30,
      userEmail: order.userEmail,
    });
  });

  it("each change arrives, in order", async () => {
    const order = await placeOrder(shopper);
    const before = listening();
    const subscription = live(shopper.token).subscribe(STATUS_CHANGED, { number: order.orderNumber });
    await untilListening(t.shop.events, before + 1);
    for (const status of ["IN_TRANSIT", "DELIVERED", "PENDING"]) {
      await postGraphQL(served.url, SET_STATUS, { id: order.id, status }, admin.token);
    }
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await subscription.next()).data?.orderStatusChanged.status);
    expect(statuses).toEqual(["IN_TRANSIT", "DELIVERED", "PENDING"]);
  });

  it("following one order does not hear about the shopper's other orders", async () => {
    const followed = await placeOrder(shopper);
    const other = await placeOrder(shopper);
    const before = listening();
    const subscription = live(shopper.token).subscribe(STATUS_CHANGED, { number: followed.orderNumber });
    await untilListening(t.shop.events, before + 1);
    await postGraphQL(served.url, SET_STATUS, { id: other.id, status: "DELIVERED" }, admin.token);
    await subscription.nothingWithin(300);
  });

  it("without an order number a shopper follows all of their own orders and nobody else's", async () => {
    const mine = await placeOrder(shopper);
    const theirs = await placeOrder(otherShopper);
    const before = listening();
    const subscription = live(shopper.token).subscribe(STATUS_CHANGED);
    await untilListening(t.shop.events, before + 1);
    await postGraphQL(served.url, SET_STATUS, { id: theirs.id, status: "DELIVERED" }, admin.token);
    await postGraphQL(served.url, SET_STATUS, { id: mine.id, status: "DELIVERED" }, admin.token);
    expect((await subscription.next()).data?.orderStatusChanged).toMatchObject({ id: mine.id, status: "DELIVERED" });
    await subscription.nothingWithin(200);
  });

  it("an admin may follow anyone's order", async () => {
    const order = await placeOrder(otherShopper);
    const before = listening();
    const subscription = live(admin.token).subscribe(STATUS_CHANGED, { number: order.orderNumber });
    await untilListening(t.shop.events, before + 1);
    await postGraphQL(served.url, SET_STATUS, { id: order.id, status: "DELIVERED" }, admin.token);
    expect((await subscription.next()).data?.orderStatusChanged).toMatchObject({ id: order.id, status: "DELIVERED" });
  });

  it("a shopper cannot follow someone else's order: FORBIDDEN, worded as for an unknown order", async () => {
    const theirs = await placeOrder(otherShopper);
    const connection = live(shopper.token);
    const someoneElses = await connection.subscribe(STATUS_CHANGED, { number: theirs.orderNumber }).next();
    const unknown = await connection.subscribe(STATUS_CHANGED, { number: "ORD-000000-NOSUCH" }).next();
    expect(someoneElses.data).toBeFalsy();
    expect(someoneElses.errors?.[0]).toMatchObject({ message: "You can only follow your own orders.", extensions: { code: "FORBIDDEN" } });
    expect(unknown.errors?.[0]).toEqual(someoneElses.errors?.[0]);
  });

  it("a guest is asked to sign in (UNAUTHENTICATED)", async () => {
    const order = await placeOrder(shopper);
    const received = await live().subscribe(STATUS_CHANGED, { number: order.orderNumber }).next();
    expect(received.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("stopping a subscription stops its listener on the server", async () => {
    const order = await placeOrder(shopper);
    const before = listening();
    const subscription = live(shopper.token).subscribe(STATUS_CHANGED, { number: order.orderNumber });
    await untilListening(t.shop.events, before + 1);
    subscription.stop();
    const deadline = Date.now() + 2000;
    while (listening() > before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(listening()).toBe(before);
  });
});

describe("orderPlaced: the admin hears of every new order", () => {
  it("an admin receives each order as it is placed, with its lines", async () => {
    const before = listening();
    const subscription = live(admin.token).subscribe(PLACED);
    await untilListening(t.shop.events, before + 1);
    const order = await placeOrder(shopper);
    expect((await subscription.next(1000)).data?.orderPlaced).toEqual({
      id: order.id,
      orderNumber: order.orderNumber,
      status: "PENDING",
      total: 30,
      userEmail: order.userEmail,
      lines: [{ name: "Monstera", quantity: 1 }],
    });
  });

  it("placing the same order again (a retry with its reference) is not a new order", async () => {
    const before = listening();
    const subscription = live(admin.token).subscribe(PLACED);
    await untilListening(t.shop.events, before + 1);
    const input = { lines: [{ productId, quantity: 1 }], region: regionId, reference: newReference() };
    const first = await t.shop.orders.placeOrder(shopper.viewer, input);
    const again = await t.shop.orders.placeOrder(shopper.viewer, input);
    expect(again.id).toBe(first.id);
    expect((await subscription.next()).data?.orderPlaced.id).toBe(first.id);
    await subscription.nothingWithin(300);
  });

  it("a shopper may not follow new orders (FORBIDDEN)", async () => {
    const received = await live(shopper.token).subscribe(PLACED).next();
    expect(received.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

describe("the socket closes when its session ends", () => {
  it("a token that is forged or already revoked is refused at connection (4401)", async () => {
    const { closed } = live("not-a-token");
    expect(await closed).toEqual({ code: SESSION_ENDED_CODE, reason: SESSION_ENDED });
  });

  it("logging out closes that session's sockets, on every replica's event (and not the user's other sessions)", async () => {
    const other = await t.shop.tokens.issue({ id: shopper.id });
    const session = await person({});
    const [loggingOut, staying] = await followingWith(session.token, other.token);
    const answer = await postGraphQL(served.url, `mutation { logout { message } }`, {}, session.token);
    expect(answer.errors).toBeUndefined();
    expect(await loggingOut.closed).toEqual({ code: SESSION_ENDED_CODE, reason: SESSION_ENDED });
    expect(await stillOpenAfter(staying)).toBe(true);
  });

  it("changing the password closes the user's other sessions' sockets, not the one that changed it", async () => {
    const user = await t.signUp({ password: "old-password-2026" });
    const other = await t.shop.tokens.issue({ id: user.id });
    const [changing, elsewhere] = await followingWith(user.token, other.token);
    const answer = await postGraphQL(
      served.url,
      `mutation { updatePassword(oldPassword: "old-password-2026", password: "new-password-2027", passwordConfirmation: "new-password-2027") { message } }`,
      {},
      user.token,
    );
    expect(answer.errors).toBeUndefined();
    expect(await elsewhere.closed).toEqual({ code: SESSION_ENDED_CODE, reason: SESSION_ENDED });
    expect(await stillOpenAfter(changing)).toBe(true);
  });

  it("an admin changing a user's role closes that user's sockets", async () => {
    const user = await person();
    const [connection] = await followingWith(user.token);
    const answer = await postGraphQL(served.url, `mutation($id: Int!) { setUserRole(id: $id, role: ADMIN) { message } }`, { id: user.id }, admin.token);
    expect(answer.errors).toBeUndefined();
    expect(await connection.closed).toEqual({ code: SESSION_ENDED_CODE, reason: SESSION_ENDED });
  });

  it("a token closes its socket when it expires", async () => {
    const shortLived = new TokenService(t.shop.prisma, t.shop.events, TEST_JWT_SECRET, 2);
    const { token } = await shortLived.issue({ id: shopper.id });
    const connection = live(token);
    const openedAt = Date.now();
    expect(await connection.closed).toEqual({ code: SESSION_ENDED_CODE, reason: SESSION_ENDED });
    expect(Date.now() - openedAt).toBeLessThan(4000);
  });
});

describe("only subscriptions travel over the WebSocket", () => {
  it("a query sent over the socket is refused with a clear message", async () => {
    const received = await live(shopper.token).subscribe(`{ me { id } }`).next();
    expect(received.errors?.[0]?.message).toBe(
      "Only subscriptions are served over WebSocket; send queries and mutations over HTTP to /graphql.",
    );
  });

  it("the query limits of /graphql hold here too", async () => {
    const manyLists = Array.from({ length: 21 }, (_, i) => `l${i}: lines { name }`).join(" ");
    const received = await live(admin.token).subscribe(`subscription { orderPlaced { ${manyLists} } }`).next();
    const messages = (received.errors ?? []).map((error) => error.message);
    expect(messages).toContain("This request uses more than 20 aliases. Send fewer fields per request.");
    expect(received.data).toBeFalsy();
  });
});
