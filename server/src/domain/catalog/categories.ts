// Categories group the catalogue (id, name). Names are unique whatever their case,
// and a category that still holds products cannot be deleted, so no product is ever orphaned.
import { Prisma, type Category, type PrismaClient } from "../../generated/prisma/client.js";
import {
  asDate,
  Checks,
  checkSearch,
  conflict,
  containsPattern,
  invalid,
  isForeignKeyViolation,
  isUniqueViolation,
  keysetPage,
  newestFirst,
  notFound,
  oneById,
  parseId,
  prismaReader,
  received,
  requireAdmin,
  text,
  type Deferred,
  type FormInput,
  type ListPageOptions,
  type Page,
  type RowReader,
  type Viewer,
} from "../shared/index.js";
import { changesBetween, recordActivity } from "../audit/index.js";

/** A category's form: its name. */
export const categoryForm = { name: text("name", { max: 100 }) };
export type CategoryInput = FormInput<typeof categoryForm>;

const NAME_TAKEN = "The name has already been taken.";
const CATEGORY_PAGE_SIZE = 100;

const stillHasProducts = (count: number) =>
  `This category still has ${count} ${count === 1 ? "product" : "products"}. Move or delete them first.`;

export class CategoryService {
  constructor(
    private readonly prisma: PrismaClient,
    /** The page read (the home page's categories) goes through this; see RowReader. */
    private readonly readRows: RowReader = prismaReader(prisma),
  ) {}

  /** Newest first: the whole list (the REST shim's answer). */
  list(): Promise<Category[]> {
    return this.prisma.category.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  }

  /** A page, newest first. search: a part of the name, any case, % and _ literal. */
  async page(options: ListPageOptions = {}): Promise<Page<Category>> {
    const search = checkSearch(options.search);
    return keysetPage<{ id: number; name: string; created_at: Date | string }, Category>(
      this.readRows,
      {
        list: JSON.stringify(["categories", search.toLowerCase()]),
        first: options.first,
        after: options.after,
        defaultSize: CATEGORY_PAGE_SIZE,
        columns: Prisma.sql`c.id, c.name, c.created_at`,
        from: Prisma.sql`categories c`,
        conditions: search ? [Prisma.sql`c.name ILIKE ${containsPattern(search)}`] : [],
        keys: newestFirst("c"),
      },
      (rows) => rows.map((row) => ({ id: Number(row.id), name: row.name, createdAt: asDate(row.created_at) })),
    );
  }

  /** Whether a category of this name exists, whatever its case (as the products filter matches names). */
  async exists(name: string): Promise<boolean> {
    return (await this.prisma.category.findFirst({ where: { name: { equals: name, mode: "insensitive" } }, select: { id: true } })) !== null;
  }

  async byId(id: unknown): Promise<Category> {
    return oneById(id, "Category", (categoryId) => this.prisma.category.findUnique({ where: { id: categoryId } }));
  }

  async create(viewer: Viewer | null, input: Deferred<CategoryInput>): Promise<Category> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const name = await this.checkName(await received(input), null);
    try {
      return await this.prisma.$transaction(async (tx) => {
        const made = await tx.category.create({ data: { name } });
        await recordActivity(tx, acting, { kind: "category.created", subject: { type: "category", id: made.id, label: made.name }, changes: changesBetween(null, made, ["name"]) });
        return made;
      });
    } catch (error) {
      throw isUniqueViolation(error) ? invalid({ name: [NAME_TAKEN] }) : error;
    }
  }

  async update(viewer: Viewer | null, id: unknown, input: Deferred<CategoryInput>): Promise<Category> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const category = await this.byId(id);
    const name = await this.checkName(await received(input), category.id);
    try {
      return await this.prisma.$transaction(async (tx) => {
        const saved = await tx.category.update({ where: { id: category.id }, data: { name } });
        await recordActivity(tx, acting, { kind: "category.updated", subject: { type: "category", id: saved.id, label: saved.name }, changes: changesBetween(category, saved, ["name"]) });
        return saved;
      });
    } catch (error) {
      throw isUniqueViolation(error) ? invalid({ name: [NAME_TAKEN] }) : error;
    }
  }

  /** Refused with CONFLICT while products still belong to the category. */
  async delete(viewer: Viewer | null, id: unknown): Promise<void> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const categoryId = parseId(id);
    if (categoryId === null) throw notFound("Category");
    // Delete only an empty category in one statement; the foreign key (ON DELETE RESTRICT) backs this up
    // should a product arrive at the same moment.
    try {
      const deleted = await this.prisma.$transaction(async (tx) => {
        const [gone] = await tx.$queryRaw<{ id: number; name: string }[]>`
          DELETE FROM categories c WHERE c.id = ${categoryId} AND NOT EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id) RETURNING c.id, c.name`;
        if (gone) await recordActivity(tx, acting, { kind: "category.deleted", subject: { type: "category", id: gone.id, label: gone.name }, changes: changesBetween(gone, null, ["name"]) });
        return gone !== undefined;
      });
      if (deleted) return;
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
    }
    const category = await this.prisma.category.findUnique({
      where: { id: categoryId },
      include: { _count: { select: { products: true } } },
    });
    if (!category) throw notFound("Category");
    throw conflict(stillHasProducts(Math.max(category._count.products, 1)));
  }

  private async checkName(input: CategoryInput, exceptId: number | null): Promise<string> {
    const checks = new Checks();
    const { name } = checks.form(categoryForm, input);
    if (!checks.has("name")) {
      const taken = await this.prisma.$queryRaw<{ id: number }[]>`
        SELECT id FROM categories WHERE lower(name) = lower(${name}) AND id <> ${exceptId ?? 0}`;
      if (taken.length) checks.add("name", NAME_TAKEN);
    }
    checks.done();
    return name;
  }
}
