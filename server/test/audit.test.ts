// The audit trail's own rules (domain/audit): an entry per change, written with it or not at all, with who,
// when and from where; the log append-only in the database itself; kept for its retention period; read by
// the owner alone, filtered and paged; exported as CSV a spreadsheet cannot be tricked by.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActivityLog, csvCell } from "../src/domain/audit/index.js";
import { createTestShop, failure, serveTestShop, type TestShop } from "./support.js";

let t: TestShop;
let owner: { id: number; token: string; email: string };
let secondOwner: { id: number; token: string; email: string };

beforeAll(async () => {
  t = await createTestShop();
  owner = await t.signUp({ role: "admin", email: "audit-owner@example.com" });
  secondOwner = await t.signUp({ role: "admin", email: "audit-second@example.com" });
});
afterAll(async () => {
  await t?.close();
});

/** What the database said when it refused a statement (Prisma wraps it; PGlite's adapter keeps it only in meta). */
async function databaseRefusal(work: Promise<unknown>): Promise<string> {
  const error = (await work.then(
    () => null,
    (caught: unknown) => caught,
  )) as { meta?: { driverAdapterError?: { cause?: { message?: string } } } } | null;
  return error?.meta?.driverAdapterError?.cause?.message ?? "not refused";
}

const entries = () => t.shop.prisma.activityEntry.findMany({ orderBy: { id: "asc" } });
const createCategory = (name: string, token = owner.token) => t.gql("mutation($n: String!) { createCategory(name: $n) { message } }", { n: name }, token);

describe("an entry per change, in the change's transaction", () => {
  it("a category made over GraphQL and over REST is entered with who, from where and the name after", async () => {
    const served = await serveTestShop(t);
    try {
      const before = (await entries()).length;
      const overGraphql = await fetch(`${served.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
        body: JSON.stringify({ query: 'mutation { createCategory(name: "Audit Cacti") { message } }' }),
      });
      expect(overGraphql.status).toBe(200);
      const overRest = await fetch(`${served.url}/public/api/category-store`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${secondOwner.token}` },
        body: JSON.stringify({ name: "Audit Succulents" }),
      });
      expect(overRest.status).toBe(201);
      const added = (await entries()).slice(before);
      expect(added).toHaveLength(2);
      expect(added[0]).toMatchObject({ actorKind: "staff", actorId: owner.id, actorName: owner.email, kind: "category.created", subjectType: "category", subjectLabel: "Audit Cacti", changes: { name: { before: null, after: "Audit Cacti" } } });
      expect(added[1]).toMatchObject({ actorId: secondOwner.id, actorName: secondOwner.email, subjectLabel: "Audit Succulents" });
      for (const entry of added) expect(entry.ip).toMatch(/127\.0\.0\.1/);
    } finally {
      await served.close();
    }
  });

  it("a change that fails leaves no entry: a taken name, a category that still holds products", async () => {
    await createCategory("Audit Ferns");
    const category = await t.shop.prisma.category.findFirstOrThrow({ where: { name: "Audit Ferns" } });
    await t.shop.prisma.product.create({ data: { slug: "audit-fern", name: "Audit Fern", description: "Green.", categoryId: category.id, priceCents: 900, quantity: 3, imageOne: "/uploads/x.png" } });
    const before = (await entries()).length;
    expect(failure(await createCategory("AUDIT FERNS")).code).toBe("BAD_USER_INPUT");
    expect(failure(await t.gql("mutation($id: Int!) { deleteCategory(id: $id) { message } }", { id: category.id }, owner.token)).code).toBe("CONFLICT");
    expect(await entries()).toHaveLength(before);
  });

  it("an update records only the fields that changed, before and after; a deletion what was there", async () => {
    await createCategory("Audit Palms");
    const palms = await t.shop.prisma.category.findFirstOrThrow({ where: { name: "Audit Palms" } });
    await t.gql("mutation($id: Int!) { updateCategory(id: $id, name: \"Audit Palm Trees\") { message } }", { id: palms.id }, owner.token);
    await t.gql("mutation($id: Int!) { deleteCategory(id: $id) { message } }", { id: palms.id }, owner.token);
    const [updated, deleted] = (await entries()).slice(-2);
    expect(updated).toMatchObject({ kind: "category.updated", subjectId: String(palms.id), changes: { name: { before: "Audit Palms", after: "Audit Palm Trees" } } });
    expect(deleted).toMatchObject({ kind: "category.deleted", subjectLabel: "Audit Palm Trees", changes: { name: { before: "Audit Palm Trees", after: null } } });
  });
});

describe("append-only, in the database itself", () => {
  it("refuses to update, delete or truncate an entry, whoever asks", async () => {
    await createCategory("Audit Mosses");
    const [entry] = (await entries()).slice(-1);
    expect(await databaseRefusal(t.shop.prisma.$executeRaw`UPDATE activity_log SET actor_name = 'someone else' WHERE id = ${entry.id}`)).toBe("The activity log is append-only (UPDATE refused).");
    expect(await databaseRefusal(t.shop.prisma.$executeRaw`DELETE FROM activity_log WHERE id = ${entry.id}`)).toBe("The activity log is append-only (DELETE refused).");
    expect(await databaseRefusal(t.shop.prisma.$executeRawUnsafe("TRUNCATE activity_log"))).toBe("The activity log is append-only (TRUNCATE refused).");
    expect(await t.shop.prisma.activityEntry.findUnique({ where: { id: entry.id } })).toMatchObject({ actorName: owner.email });
  });

  it("the retention job's delete reaches entries past 30 days only, even when it says it is the retention job", async () => {
    await createCategory("Audit Lichens");
    const [entry] = (await entries()).slice(-1);
    const young = t.shop.prisma.$transaction([
      t.shop.prisma.$executeRaw`SELECT set_config('verdant.activity_retention', 'on', true)`,
      t.shop.prisma.$executeRaw`DELETE FROM activity_log WHERE id = ${entry.id}`,
    ]);
    expect(await databaseRefusal(young)).toBe("The activity log is append-only (DELETE refused).");
  });
});

describe("retention", () => {
  it("prune removes the entries older than the retention period and keeps the others", async () => {
    const now = new Date();
    const old = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await t.shop.prisma.activityEntry.createMany({
      data: [400, 366, 364, 40].map((days) => ({ at: old(days), actorKind: "staff", actorName: `retention-${days}`, kind: "category.created", subjectType: "category" })),
    });
    const names = async () => (await t.shop.prisma.activityEntry.findMany({ where: { actorName: { startsWith: "retention-" } } })).map((entry) => entry.actorName).sort();
    expect(await t.shop.activity.prune(now)).toBe(2);
    expect(await names()).toEqual(["retention-364", "retention-40"]);
    expect(await new ActivityLog(t.shop.prisma, 30).prune(now)).toBe(2);
    expect(await names()).toEqual([]);
  });
});

describe("reading the trail: the owner's, filtered, paged, exported", () => {
  const page = (filter: Record<string, unknown>, token = owner.token, extra = "") =>
    t.gql<{ activity: { nodes: { kind: string; actorName: string; actorKey: string; subjectLabel: string; changes: { field: string; before: string | null; after: string | null }[] }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(
      `query($filter: ActivityFilter, $first: Int, $after: String) { activity(filter: $filter, first: $first, after: $after) { nodes { kind actorName actorKey subjectLabel changes { field before after } } pageInfo { hasNextPage endCursor } } }`,
      { filter, ...JSON.parse(extra || "{}") },
      token,
    );

  it("filters by person, kind and period, newest first, and pages without repeating", async () => {
    await createCategory("Audit Orchids", secondOwner.token);
    const bySecond = await page({ actor: `staff:${secondOwner.id}` });
    expect(bySecond.errors).toBeUndefined();
    expect(bySecond.data!.activity.nodes.map((node) => node.subjectLabel)).toEqual(["Audit Orchids", "Audit Succulents"]);
    expect(bySecond.data!.activity.nodes[0]).toMatchObject({ actorName: secondOwner.email, actorKey: `staff:${secondOwner.id}`, changes: [{ field: "name", before: null, after: '"Audit Orchids"' }] });

    const updates = await page({ kind: "category.updated" });
    expect(updates.data!.activity.nodes.map((node) => node.kind)).toEqual(["category.updated"]);
    const future = await page({ from: new Date(Date.now() + 3600_000).toISOString() });
    expect(future.data!.activity.nodes).toEqual([]);

    const first = await page({ actor: `staff:${owner.id}` }, owner.token, JSON.stringify({ first: 2 }));
    const second = await page({ actor: `staff:${owner.id}` }, owner.token, JSON.stringify({ first: 2, after: first.data!.activity.pageInfo.endCursor }));
    expect(first.data!.activity.pageInfo.hasNextPage).toBe(true);
    const labels = [...first.data!.activity.nodes, ...second.data!.activity.nodes].map((node) => `${node.kind} ${node.subjectLabel}`);
    expect(new Set(labels).size).toBe(4);
  });

  it("names everyone in the trail once, most recently active first; a wrong filter says what to pass", async () => {
    const actors = await t.gql<{ activityActors: { key: string; name: string }[] }>("{ activityActors { key name } }", {}, owner.token);
    expect(actors.data!.activityActors.map((actor) => actor.name)).toEqual([secondOwner.email, owner.email]);
    expect(failure(await page({ actor: "someone" }))).toMatchObject({ code: "BAD_USER_INPUT", message: 'The person filter takes a key from activityActors, such as "staff:12".' });
    expect(failure(await page({ kind: "category.painted" })).message).toMatch(/^The kind filter takes one of: product.created, /);
    expect(failure(await page({ from: "2027-01-02T00:00:00Z", to: "2027-01-01T00:00:00Z" })).message).toBe("The end of the period must come after its start.");
  });

  it("exports CSV oldest first, quoting what needs it and neutralising cells a spreadsheet would run", async () => {
    await createCategory('=HYPERLINK("http://evil.example","Fern, ok")');
    const answer = await t.gql<{ activityCsv: string }>("query($f: ActivityFilter) { activityCsv(filter: $f) }", { f: { kind: "category.created", actor: `staff:${owner.id}` } }, owner.token);
    const lines = answer.data!.activityCsv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("at,who,who_kind,from,kind,subject_type,subject_id,subject,changes");
    expect(lines[1]).toMatch(/,audit-owner@example\.com,staff,.*,category\.created,category,\d+,Audit Cacti,"\{""name"":\{""after"":""Audit Cacti"",""before"":null\}\}"$/);
    expect(lines.at(-1)).toContain(`"'=HYPERLINK(""http://evil.example"",""Fern, ok"")"`);
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("plain")).toBe("plain");
  });

  it("is the owner's alone: the spec's admin and the other staff roles are refused with the ability they lack", async () => {
    for (const staffRole of [null, "catalogue-manager", "order-manager", "support"] as const) {
      const staff = await t.signUp({ role: "admin", staffRole });
      expect(failure(await page({}, staff.token))).toMatchObject({ code: "FORBIDDEN", message: "Your staff role does not allow this: it needs the activity:read ability." });
    }
  });
});
