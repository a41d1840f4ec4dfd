// Export of the whole catalogue as CSV (columns.ts): one row per variant, streamed. Products are read in
// keyset pages by id (CATALOGUE_EXPORT_PAGE_SIZE products and their variants per statement), and each page is
// written out before the next is read, so a catalogue of any size takes the memory of one page.
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Prisma } from "../../generated/prisma/client.js";
import { csvStream, requireAdmin, type RowReader, type Viewer } from "../shared/index.js";
import { VARIANT_LIMITS } from "../catalog/index.js";
import { CATALOGUE_CSV_COLUMNS, catalogueFileName, centsAsDollars } from "./columns.js";

/** Products per statement: with their variants (up to VARIANT_LIMITS.variants each), a page stays a few MB at most. */
export const CATALOGUE_EXPORT_PAGE_SIZE = 1000;

interface VariantRow {
  product_id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  tax_class: string | null;
  image_one: string;
  image_two: string | null;
  sku: string | null;
  price_cents: number | null;
  discount_price_cents: number | null;
  quantity: number | null;
  image: string | null;
  enabled: boolean | null;
  /** [[option name, value], ...] in the options' order (JSON text on some adapters). */
  options: [string, string][] | string | null;
}

/** One page: up to `size` products after `afterId`, each with its variants in position order (a product without any: one row of nulls). */
const pageQuery = (afterId: number, size: number) => Prisma.sql`
  WITH page AS (
    SELECT p.id, p.slug, p.name, p.description, p.image_one, p.image_two, c.name AS category, tc.name AS tax_class
      FROM products p
      JOIN categories c ON c.id = p.category_id
      LEFT JOIN product_tax_classes ptc ON ptc.product_id = p.id
      LEFT JOIN tax_classes tc ON tc.id = ptc.tax_class_id
     WHERE p.id > ${afterId}
     ORDER BY p.id
     LIMIT ${size}
  )
  SELECT page.id AS product_id, page.slug, page.name, page.description, page.category, page.tax_class, page.image_one, page.image_two,
         v.sku, v.price_cents, v.discount_price_cents, v.quantity, v.image, v.enabled,
         (SELECT json_agg(json_build_array(o.name, ov.value) ORDER BY o.position, o.id)
            FROM product_variant_values vv
            JOIN product_options o ON o.id = vv.option_id
            JOIN product_option_values ov ON ov.id = vv.value_id
           WHERE vv.variant_id = v.id) AS options
    FROM page
    -- Each product's variants through the (product_id, position) index. OFFSET 0 keeps the planner from
    -- flattening this into a hash join over every variant of the shop, which made each page cost a full
    -- scan (100k products: 100 ms a page instead of a few).
    LEFT JOIN LATERAL (SELECT * FROM product_variants pv WHERE pv.product_id = page.id ORDER BY pv.position, pv.id OFFSET 0) v ON true
   ORDER BY page.id, v.position, v.id`;

const optionsOf = (stored: VariantRow["options"]): [string, string][] => (stored === null ? [] : typeof stored === "string" ? (JSON.parse(stored) as [string, string][]) : stored);

/** A variant's row, in CATALOGUE_CSV_COLUMNS' order. */
function recordOf(row: VariantRow): string[] {
  const options = optionsOf(row.options);
  const optionCells = Array.from({ length: VARIANT_LIMITS.options }, (_, index) => options[index] ?? ["", ""]).flat();
  const discount = row.discount_price_cents === null ? "" : centsAsDollars(Number(row.discount_price_cents));
  return [
    row.sku ?? "",
    row.slug,
    row.name,
    row.category,
    row.description,
    row.tax_class ?? "",
    centsAsDollars(Number(row.price_cents)),
    discount,
    String(Number(row.quantity)),
    String(row.enabled),
    ...optionCells,
    row.image ?? "",
    row.image_one,
    row.image_two ?? "",
  ];
}

/** The catalogue's file, ready to write: its first page is read already (a failure there comes before anything is sent). */
export interface CatalogueFile {
  /** verdant-catalogue-YYYY-MM-DD.csv (the day in UTC). */
  fileName: string;
  /** The rows, page by page as they are read. Read once. */
  records: AsyncIterable<string[]>;
  /** Writes the header and every row to `destination` as CSV, reading the next page only when it has taken the last (back-pressure). */
  writeTo(destination: Writable, options?: { end?: boolean }): Promise<void>;
  /** How many rows (variants) have been handed on so far. */
  readonly rowCount: number;
}

export class CatalogueExport {
  constructor(
    private readonly read: RowReader,
    private readonly pageSize = CATALOGUE_EXPORT_PAGE_SIZE,
  ) {}

  /**
   * The whole catalogue as CSV, for staff whose role has catalogue:read and API keys with that scope. Reads
   * the first page before answering, so a database that fails does so before a response is begun.
   */
  async open(viewer: Viewer | null | undefined, now = new Date()): Promise<CatalogueFile> {
    requireAdmin(viewer, "catalogue:read");
    return this.openForOperator(now);
  }

  /**
   * The same file with nobody's permission checked: for a process that holds the database itself (npm run
   * catalogue:export). Adapters serving callers use open().
   */
  async openForOperator(now = new Date()): Promise<CatalogueFile> {
    const pages = this.pages()[Symbol.asyncIterator]();
    const first = await pages.next();
    let rowCount = 0;
    async function* records(): AsyncGenerator<string[]> {
      for (let page = first; !page.done; page = await pages.next()) {
        for (const record of page.value) {
          rowCount++;
          yield record;
        }
      }
    }
    const rows = records();
    return {
      fileName: catalogueFileName(now),
      records: rows,
      writeTo: (destination, options) =>
        options?.end === false
          ? pipeline(Readable.from(rows), csvStream(CATALOGUE_CSV_COLUMNS), destination, { end: false })
          : pipeline(Readable.from(rows), csvStream(CATALOGUE_CSV_COLUMNS), destination),
      get rowCount() {
        return rowCount;
      },
    };
  }

  /** Every variant's record, a page of products at a time, in product id then variant position order. */
  private async *pages(): AsyncGenerator<string[][]> {
    let afterId = 0;
    for (;;) {
      const rows = await this.read<VariantRow>(pageQuery(afterId, this.pageSize));
      if (rows.length === 0) return;
      yield rows.filter((row) => row.sku !== null).map(recordOf);
      const productIds = new Set(rows.map((row) => row.product_id));
      if (productIds.size < this.pageSize) return;
      afterId = Number(rows[rows.length - 1].product_id);
    }
  }
}
