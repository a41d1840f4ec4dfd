// Transport rules: bodies only in UTF-8 (415 otherwise), personal answers never cached, stalled
// connections cut, and another user's order answering like a missing one.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer, SERVER_TIMEOUTS } from "../src/http/server.js";
import { API, openRestApi, type RestApi } from "./rest-support.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let api: RestApi;
let user: { token: string; email: string; password: string };
let admin: { token: string };

beforeAll(async () => {
  t = await createTestShop();
  api = await openRestApi(t);
  user = await t.signUp();
  admin = await t.signUp({ role: "admin" });
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

const graphql = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${api.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("bodies are read in UTF-8 only", () => {
  it.each(["utf-7", "UTF-16", "utf-32", "iso-8859-1"])("JSON declared as %s is refused with 415 (GraphQL and REST)", async (charset) => {
    const gql = await graphql(JSON.stringify({ query: "{ __typename }" }), { "content-type": `application/json; charset=${charset}` });
    expect(gql.status).toBe(415);
    expect((await gql.json()).message).toBe("Send the body in UTF-8 (Content-Type: application/json; charset=utf-8).");
    const rest = await api.post("/login", { raw: { body: JSON.stringify({ email: user.email, password: user.password }), type: `application/json; charset=${charset}` } });
    expect(rest).toMatchObject({ status: 415, body: { message: "Send the body in UTF-8 (Content-Type: application/json; charset=utf-8)." } });
  });

  it("UTF-7's +ADw- spelling cannot sneak in: the body is never decoded", async () => {
    const utf7 = '{"query":"{ __typename }","x":"+ADw-script+AD4-"}';
    expect((await graphql(utf7, { "content-type": "application/json; charset=utf-7" })).status).toBe(415);
  });

  it("UTF-8 (any spelling) or no charset at all is read", async () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "application/json; charset=UTF-8", 'application/json; charset="UTF-8"']) {
      expect((await graphql(JSON.stringify({ query: "{ __typename }" }), { "content-type": type })).status).toBe(200);
      const rest = await api.post("/login", { raw: { body: JSON.stringify({ email: user.email, password: user.password }), type } });
      expect(rest.status).toBe(200);
    }
    const form = await api.post("/login", { raw: { body: "email=x%40y.co&password=z", type: "application/x-www-form-urlencoded; charset=iso-8859-1" } });
    expect(form.status).toBe(415);
  });
});

describe("personal answers carry Cache-Control: no-store", () => {
  it("every GraphQL POST answer, errors included", async () => {
    const answers = [
      await graphql(JSON.stringify({ query: "{ me { id email } }" }), { authorization: `Bearer ${user.token}` }),
      await graphql(JSON.stringify({ query: "{ categories { id } }" })),
      await graphql(JSON.stringify({ query: `mutation { login(email: "${user.email}", password: "${user.password}") { accessToken } }` })),
      await graphql(JSON.stringify({ query: "{ nope }" })),
      await graphql("{ not json"),
    ];
    for (const answer of answers) expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("every REST call that needs a user or an admin, and every call that is not a public read (login answers a token)", async () => {
    const personal = [
      await api.post("/me", { token: user.token }),
      await api.get("/favourites", { token: user.token }),
      await api.get("/all-users", { token: admin.token }),
      await api.get("/favourites"),
      await api.post("/login", { json: { email: user.email, password: user.password } }),
      await api.post("/login", { json: { email: user.email, password: "wrong-password-9" } }),
    ];
    for (const answer of personal) expect(answer.headers.get("cache-control")).toBe("no-store");
    // The public catalogue may be cached.
    expect((await api.get("/categories")).headers.get("cache-control")).toBeNull();
  });
});

describe("stalled connections are cut", () => {
  it("the shop's server waits 15 s for headers and 30 s for a whole request", () => {
    expect(SERVER_TIMEOUTS).toMatchObject({ headersTimeout: 15_000, requestTimeout: 30_000 });
    const server = createHttpServer(() => undefined);
    expect(server.headersTimeout).toBe(15_000);
    expect(server.requestTimeout).toBe(30_000);
  });

  const stall = async (timeouts: { headersTimeout: number; requestTimeout: number }, send: string) => {
    // Answers once the whole body has arrived, as a JSON parser would.
    const server = createHttpServer(
      (req, res) => {
        req.resume();
        req.on("end", () => res.end("ok"));
      },
      { ...timeouts, checkEvery: 50, keepAliveTimeout: 5_000 },
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      return await new Promise<{ answer: string; afterMs: number }>((resolve, reject) => {
        const started = Date.now();
        const socket = net.connect(port, "127.0.0.1", () => socket.write(send));
        let answer = "";
        socket.on("data", (chunk) => (answer += chunk));
        socket.on("close", () => resolve({ answer, afterMs: Date.now() - started }));
        socket.on("error", reject);
        setTimeout(() => reject(new Error("the stalled connection was never cut")), 5_000).unref();
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  };

  it("a client that never finishes its headers is answered 408 and cut", async () => {
    const { answer, afterMs } = await stall({ headersTimeout: 300, requestTimeout: 1_000 }, "GET / HTTP/1.1\r\nHost: shop\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(250);
    expect(afterMs).toBeLessThan(2_000);
  });

  it("a client that never finishes its body is answered 408 and cut", async () => {
    const { answer, afterMs } = await stall(
      { headersTimeout: 300, requestTimeout: 600 },
      "POST / HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"a\":",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(550);
    expect(afterMs).toBeLessThan(3_000);
  });
});

describe("API paths", () => {
  it("the REST document says another's order is a 404 (no 403 left on /order/{order_number})", () => {
    const responses = Object.keys(api.document.paths["/order/{order_number}"].get.responses);
    expect(responses).toContain("404");
    expect(responses).not.toContain("403");
    expect(api.url).toMatch(/^http:/);
    expect(API).toBe("/public/api");
  });
});
