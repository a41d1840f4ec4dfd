// Delivery regions and their fees (id, name, fee), the fee in integer cents. Orders keep a snapshot of the region's name,
// so deleting a region rewrites no history (orders.region_id is set null by the foreign key).
import { Prisma, type PrismaClient, type Region } from "../../generated/prisma/client.js";
import {
  cents,
  Checks,
  checkSearch,
  containsPattern,
  invalid,
  isUniqueViolation,
  keysetPage,
  newestFirst,
  notFound,
  oneById,
  parseId,
  received,
  requireAdmin,
  text,
  type Deferred,
  type FormInput,
  type ListPageOptions,
  type Page,
  type Viewer,
} from "../shared/index.js";
import { changesBetween, recordActivity } from "../audit/index.js";

/** A region's form: its name and delivery fee (0 for free delivery). */
export const regionForm = { name: text("name", { max: 100 }), feeCents: cents("fee", { allowZero: true }) };
export type RegionInput = FormInput<typeof regionForm>;

/** A delivery region as the shop hands it out: its fee in cents. */
export type { Region };

const NAME_TAKEN = "The name has already been taken.";
/** A region's fields as the audit trail records them (the fee in cents). */
const AUDITED_FIELDS = ["name", "feeCents"] as const;
type AuditedRegion = Pick<Region, "id" | (typeof AUDITED_FIELDS)[number]>;
const regionSubject = (region: AuditedRegion) => ({ type: "region", id: region.id, label: region.name });
/** A row read with raw SQL as Prisma would give it. */
const auditedRow = (row: AuditedRegion): AuditedRegion => ({ id: Number(row.id), name: row.name, feeCents: Number(row.feeCents) });
const REGION_PAGE_SIZE = 100;

export class RegionService {
  constructor(private readonly prisma: PrismaClient) {}

  /** Newest first: the whole list (the REST shim's answer). */
  list(): Promise<Region[]> {
    return this.prisma.region.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  }

  /** A page, newest first. search: a part of the name, any case, % and _ literal. */
  async page(options: ListPageOptions = {}): Promise<Page<Region>> {
    const search = checkSearch(options.search);
    return keysetPage<{ id: number; name: string; fee_cents: number; created_at: Date | string }, Region>(
      this.prisma,
      {
        list: JSON.stringify(["regions", search.toLowerCase()]),
        first: options.first,
        after: options.after,
        defaultSize: REGION_PAGE_SIZE,
        columns: Prisma.sql`r.id, r.name, r.fee_cents, r.created_at`,
        from: Prisma.sql`regions r`,
        conditions: search ? [Prisma.sql`r.name ILIKE ${containsPattern(search)}`] : [],
        keys: newestFirst("r"),
      },
      (rows) => rows.map((row) => ({ id: Number(row.id), name: row.name, feeCents: Number(row.fee_cents), createdAt: new Date(row.created_at) })),
    );
  }

  async byId(id: unknown): Promise<Region> {
    return oneById(id, "Region", (regionId) => this.prisma.region.findUnique({ where: { id: regionId } }));
  }

  async create(viewer: Viewer | null, input: Deferred<RegionInput>): Promise<Region> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const data = await this.check(await received(input), null);
    try {
      return await this.prisma.$transaction(async (tx) => {
        const made = await tx.region.create({ data });
        await recordActivity(tx, acting, { kind: "region.created", subject: regionSubject(made), changes: changesBetween(null, made, AUDITED_FIELDS) });
        return made;
      });
    } catch (error) {
      throw isUniqueViolation(error) ? invalid({ name: [NAME_TAKEN] }) : error;
    }
  }

  async update(viewer: Viewer | null, id: unknown, input: Deferred<RegionInput>): Promise<Region> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const region = await this.byId(id);
    const data = await this.check(await received(input), region.id);
    try {
      return await this.prisma.$transaction(async (tx) => {
        // The row as this change finds it (locked), for the audit entry's "before".
        const [locked] = await tx.$queryRaw<AuditedRegion[]>`SELECT id, name, fee_cents AS "feeCents" FROM regions WHERE id = ${region.id} FOR UPDATE`;
        if (!locked) throw notFound("Region");
        const saved = await tx.region.update({ where: { id: region.id }, data });
        await recordActivity(tx, acting, { kind: "region.updated", subject: regionSubject(saved), changes: changesBetween(auditedRow(locked), saved, AUDITED_FIELDS) });
        return saved;
      });
    } catch (error) {
      throw isUniqueViolation(error) ? invalid({ name: [NAME_TAKEN] }) : error;
    }
  }

  async delete(viewer: Viewer | null, id: unknown): Promise<void> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const regionId = parseId(id);
    if (regionId === null) throw notFound("Region");
    // Deleted and entered in one transaction; a region that is not there changes nothing and leaves no entry.
    const deleted = await this.prisma.$transaction(async (tx) => {
      const [gone] = await tx.$queryRaw<AuditedRegion[]>`DELETE FROM regions WHERE id = ${regionId} RETURNING id, name, fee_cents AS "feeCents"`;
      if (gone) await recordActivity(tx, acting, { kind: "region.deleted", subject: regionSubject(auditedRow(gone)), changes: changesBetween(auditedRow(gone), null, AUDITED_FIELDS) });
      return gone !== undefined;
    });
    if (!deleted) throw notFound("Region");
  }

  private async check(input: RegionInput, exceptId: number | null): Promise<{ name: string; feeCents: number }> {
    const checks = new Checks();
    const { name, feeCents } = checks.form(regionForm, input, { feeCents: "fee" });
    if (!checks.has("name")) {
      // Unique whatever the case, as categories are: "North" and "north" would confuse the checkout select.
      const taken = await this.prisma.$queryRaw<{ id: number }[]>`
        SELECT id FROM regions WHERE lower(name) = lower(${name}) AND id <> ${exceptId ?? 0}`;
      if (taken.length) checks.add("name", NAME_TAKEN);
    }
    checks.done();
    return { name, feeCents };
  }
}
