// What the sitemaps list: every category and every product, each with the date it last
// changed, read from the database a batch at a time in id order, so even 100,000 products never sit in
// memory at once. A sitemap file holds at most 50,000 addresses (the sitemaps.org limit); products are
// cut into files of `perFile` in id order.
import type { PrismaClient } from "../../generated/prisma/client.js";

/** The sitemaps.org limit of addresses in one file. */
export const URLS_PER_SITEMAP = 50_000;
const BATCH = 1000;

export interface SitemapEntry {
  /** The path of the page, e.g. "/products/boston-fern". */
  path: string;
  lastModified: Date;
}

export class SitemapSource {
  constructor(
    private readonly prisma: PrismaClient,
    readonly perFile = URLS_PER_SITEMAP,
  ) {}

  /** How many product files there are (at least one, possibly empty, so the index is never empty of them). */
  async productFiles(): Promise<number> {
    return Math.max(1, Math.ceil((await this.prisma.product.count()) / this.perFile));
  }

  /** The products of file `file` (1-based), a batch at a time; nothing for a file past the last. */
  async *products(file: number): AsyncGenerator<SitemapEntry[]> {
    if (!Number.isInteger(file) || file < 1) return;
    // The first product of the file, found once; then keyset batches (no OFFSET per batch).
    const first = await this.prisma.product.findFirst({ orderBy: { id: "asc" }, skip: (file - 1) * this.perFile, select: { id: true } });
    if (!first) return;
    let afterId = first.id - 1;
    let left = this.perFile;
    while (left > 0) {
      const wanted = Math.min(BATCH, left);
      const rows = await this.prisma.product.findMany({
        where: { id: { gt: afterId } },
        orderBy: { id: "asc" },
        take: wanted,
        select: { id: true, slug: true, updatedAt: true },
      });
      if (rows.length === 0) return;
      yield rows.map((row) => ({ path: `/products/${encodeURIComponent(row.slug)}`, lastModified: row.updatedAt }));
      // A short batch was the last: no read that finds nothing (on a read replica, one the primary is asked again).
      if (rows.length < wanted) return;
      afterId = rows[rows.length - 1].id;
      left -= rows.length;
    }
  }

  /** Every category; it last changed when it was made or when one of its products last changed. */
  async categories(): Promise<SitemapEntry[]> {
    const [categories, latest] = await Promise.all([
      this.prisma.category.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, createdAt: true } }),
      this.prisma.product.groupBy({ by: ["categoryId"], _max: { updatedAt: true } }),
    ]);
    const changed = new Map(latest.map((row) => [row.categoryId, row._max.updatedAt]));
    return categories.map((category) => {
      const productChange = changed.get(category.id);
      return {
        path: `/categories/${encodeURIComponent(category.name)}`,
        lastModified: productChange && productChange > category.createdAt ? productChange : category.createdAt,
      };
    });
  }
}
