// What an import does to each product of a batch, decided against the shop as it is now: create it, update it,
// leave it unchanged, or refuse it (with a reason per row). The dry run and the application run the same plan
// over the same batches, the application also writing each batch in one transaction; so a dry run of a file
// reports exactly what applying it would do, as long as the shop does not change in between.
//
// Matching: a product is the shop's product with the file's product_slug; without one, the product that holds
// the rows' SKUs. A variant is the product's variant with the row's SKU (whatever its case), else a new one.
// Rules on the shop's side: the category and tax class must exist (by name, any case), a SKU may not belong to
// another product nor appear twice in the file, pictures must already be stored in the shop (or be the ones
// the product has), and the product and its grid pass the same checks as the back office's forms.
import { Prisma } from "../../generated/prisma/client.js";
import { Checks, ShopError } from "../shared/index.js";
import { checkVariants, firstFreeSlug, productForm, readVariants, slugify, type CheckedGrid, type ProductVariants } from "../catalog/index.js";
import type { ImportProduct, Refusal } from "./import-rows.js";
import { pictureName, pictureNames } from "./pictures.js";

export type Db = Prisma.TransactionClient;

/** Products by outcome (a refused product counts once, whatever its number of rows). */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  /** Rows of the refused products. */
  refusedRows: number;
}

export const noCounts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0, refused: 0, refusedRows: 0 });

/** What a run remembers from one batch to the next: the file's SKUs and slugs so far, the shop's names. */
export interface ImportRun {
  /** Lower-cased SKU -> the line that first gave it. */
  skus: Map<string, number>;
  /** Slug -> the line of the product that has it (given, or chosen for a new product without one). */
  slugs: Map<string, number>;
  /** Lower-cased name -> id. */
  categories: Map<string, number>;
  taxClasses: Map<string, number>;
  /** The import's zip of pictures: lower-cased file name -> stored ref; null without one. */
  pictures: Map<string, string> | null;
}

export async function startRun(db: Db, pictureSetId: number | null = null): Promise<ImportRun> {
  const [categories, taxClasses, pictures] = await Promise.all([
    db.category.findMany({ select: { id: true, name: true } }),
    db.taxClass.findMany({ select: { id: true, name: true } }),
    pictureSetId === null ? null : pictureNames(db, pictureSetId),
  ]);
  return {
    pictures,
    skus: new Map(),
    slugs: new Map(),
    categories: new Map(categories.map((row) => [row.name.toLowerCase(), row.id])),
    taxClasses: new Map(taxClasses.map((row) => [row.name.toLowerCase(), row.id])),
  };
}

/** What a slug may be: lower-case letters and digits in words joined by single dashes (as the shop makes them). */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const quoted = (text: string) => `'${text.length > 40 ? `${text.slice(0, 40)}…` : text}'`;

/**
 * Notes the product's SKUs and slug as taken by the file, and returns the problems of taking them: a SKU or a
 * product_slug another product of the file has already. Every product is noted, refused or not, so a resumed
 * run can replay the rows it skips and reach the same state.
 */
export function claim(run: ImportRun, product: ImportProduct): Refusal[] {
  const problems: Refusal[] = [];
  if (product.slug) {
    const earlier = run.slugs.get(product.slug);
    if (earlier !== undefined) {
      problems.push({ line: product.line, sku: product.rows[0].sku, message: `line ${product.line}: product_slug ${quoted(product.slug)} is also on line ${earlier} (a product's rows must be together)` });
    } else run.slugs.set(product.slug, product.line);
  }
  for (const row of product.rows) {
    const key = row.sku.toLowerCase();
    if (!key) continue;
    const earlier = run.skus.get(key);
    if (earlier === undefined) run.skus.set(key, row.line);
    else if (!product.rows.some((other) => other.line === earlier)) {
      problems.push({ line: row.line, sku: row.sku, message: `line ${row.line}: SKU ${quoted(row.sku)} is also on line ${earlier}` });
    }
  }
  return problems;
}

export interface ProductFields {
  name: string;
  description: string;
  categoryId: number;
  imageOne: string;
  imageTwo: string | null;
}

export interface Current extends ProductFields {
  id: number;
  slug: string;
  taxClassId: number | null;
}

export type Outcome =
  | { kind: "refused"; product: ImportProduct; refusals: Refusal[] }
  | { kind: "unchanged"; product: ImportProduct; id: number }
  | { kind: "created"; product: ImportProduct; slug: string; fields: ProductFields; grid: CheckedGrid; taxClassId: number | null | undefined }
  | { kind: "updated"; product: ImportProduct; current: Current; fields: ProductFields | null; grid: CheckedGrid | null; variants: ProductVariants; taxClassId: number | null | undefined };

/** The batch's products as the shop has them now (by slug, and by SKU for those without one); locked when writing. */
async function readCurrent(db: Db, products: readonly ImportProduct[], lock: boolean) {
  const slugs = [...new Set(products.flatMap((product) => (product.slug ? [product.slug] : [])))];
  const skus = [...new Set(products.flatMap((product) => product.rows.map((row) => row.sku.toLowerCase()).filter(Boolean)))];
  const owners = skus.length
    ? await db.$queryRaw<{ sku: string; product_id: number; slug: string }[]>`
        SELECT lower(v.sku) AS sku, v.product_id, p.slug FROM product_variants v JOIN products p ON p.id = v.product_id WHERE lower(v.sku) = ANY(${skus}::text[])`
    : [];
  const skuOwners = new Map(owners.map((row) => [row.sku, { id: Number(row.product_id), slug: row.slug }]));
  const ids = [...new Set(owners.map((row) => Number(row.product_id)))];
  const rows = slugs.length || ids.length
    ? await db.$queryRaw<{ id: number; slug: string; name: string; description: string; category_id: number; image_one: string; image_two: string | null; tax_class_id: number | null }[]>`
        SELECT p.id, p.slug, p.name, p.description, p.category_id, p.image_one, p.image_two, ptc.tax_class_id
          FROM products p LEFT JOIN product_tax_classes ptc ON ptc.product_id = p.id
         WHERE p.slug = ANY(${slugs}::text[]) OR p.id = ANY(${ids}::int[])
         ORDER BY p.id ${lock ? Prisma.sql`FOR UPDATE OF p` : Prisma.empty}`
    : [];
  const byId = new Map<number, Current>(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        slug: row.slug,
        name: row.name,
        description: row.description,
        categoryId: Number(row.category_id),
        imageOne: row.image_one,
        imageTwo: row.image_two,
        taxClassId: row.tax_class_id === null ? null : Number(row.tax_class_id),
      },
    ]),
  );
  const bySlug = new Map([...byId.values()].map((row) => [row.slug, row]));
  const grids = await readVariants(db, [...byId.keys()]);
  const pictures = [...new Set(products.flatMap((product) => [product.imageOne, product.imageTwo, ...product.variants.map((variant) => variant.image)].filter((ref): ref is string => typeof ref === "string")))];
  const stored = new Set(pictures.length ? (await db.image.findMany({ where: { ref: { in: pictures } }, select: { ref: true } })).map((image) => image.ref) : []);
  return { skuOwners, byId, bySlug, grids, stored };
}

/** Plans every product of a batch (in file order). Reads only; `lock` locks the products it will change. */
export async function planBatch(db: Db, run: ImportRun, products: readonly ImportProduct[], lock = false): Promise<Outcome[]> {
  const claims = products.map((product) => claim(run, product));
  const unknownPictures = products.map((product) => namedPictures(run, product));
  const shop = await readCurrent(db, products, lock);
  const slugsTaken = await slugsStartingWith(db, products.filter((product) => !product.slug).map((product) => slugify(product.name)));
  const outcomes: Outcome[] = [];
  for (const [position, product] of products.entries()) {
    const problems = [...product.problems, ...claims[position], ...unknownPictures[position]];
    const problem = (message: string, line = product.line, sku = product.rows[0].sku) => problems.push({ line, sku, message: `line ${line}: ${message}` });

    // Which product of the shop this is.
    let current: Current | undefined = product.slug ? shop.bySlug.get(product.slug) : undefined;
    if (!product.slug) {
      const owners = new Set(product.rows.map((row) => shop.skuOwners.get(row.sku.toLowerCase())?.id).filter((id): id is number => id !== undefined));
      if (owners.size > 1) problem("its SKUs belong to different products of the shop: give its product_slug");
      else if (owners.size === 1) current = shop.byId.get([...owners][0]);
    } else if (!current && !SLUG_PATTERN.test(product.slug)) {
      problem(`product_slug ${quoted(product.slug)} is not a valid address: lower-case letters, digits and single dashes`);
    }
    for (const row of product.rows) {
      const owner = shop.skuOwners.get(row.sku.toLowerCase());
      if (owner && owner.id !== current?.id) problem(`SKU ${quoted(row.sku)} belongs to another product (product_slug ${quoted(owner.slug)})`, row.line, row.sku);
    }

    // The product's own fields, checked as the back office's form checks them.
    const checks = new Checks();
    const form = checks.form({ name: productForm.name, description: productForm.description }, { name: product.name, description: product.description ?? current?.description ?? "" });
    const categoryId = run.categories.get(product.category.toLowerCase());
    if (product.category === "") problem("category is empty");
    else if (categoryId === undefined) problem(`category ${quoted(product.category)} does not exist: create it in the back office first`);
    let taxClassId: number | null | undefined = product.taxClass === undefined ? undefined : null;
    if (product.taxClass) {
      taxClassId = run.taxClasses.get(product.taxClass.toLowerCase());
      if (taxClassId === undefined) problem(`tax_class ${quoted(product.taxClass)} does not exist: create it in the back office first`);
    }
    for (const [column, ref] of [["image_one", product.imageOne], ["image_two", product.imageTwo]] as const) {
      // A file name left unresolved was reported by namedPictures already.
      if (ref && ref.includes("/") && !shop.stored.has(ref) && ref !== current?.imageOne && ref !== current?.imageTwo) problem(`${column} ${quoted(ref)} is not a picture stored in the shop: upload it in the back office first`);
    }
    if (!current && !product.imageOne) problem("image_one is empty: a new product needs a picture already stored in the shop");

    // The grid: a left-out column keeps what the variant with that SKU has (a new variant: the form's default).
    const currentGrid = current ? shop.grids.get(current.id) : undefined;
    const given = product.variants.map((variant) => {
      const kept = currentGrid?.variants.find((row) => row.sku.toLowerCase() === variant.sku.toLowerCase());
      if (variant.image && variant.image.includes("/") && !shop.stored.has(variant.image)) problem(`variant_image ${quoted(variant.image)} is not a picture stored in the shop: upload it in the back office first`, variant.line, variant.sku);
      return {
        sku: variant.sku,
        options: variant.options,
        priceCents: variant.priceCents,
        discountPriceCents: variant.discountPriceCents === undefined ? (kept?.discountPriceCents ?? null) : variant.discountPriceCents,
        quantity: variant.quantity,
        enabled: variant.enabled ?? kept?.enabled ?? true,
        image: variant.image === undefined ? (kept?.image ?? null) : variant.image,
      };
    });
    const grid = checkVariants({ options: product.options, variants: given });
    // A row whose cells could not be read is refused for that already: the form's checks of the value read
    // in their place (a price of 0 for 'abc') would only repeat it.
    const unreadable = new Set(product.problems.map((refused) => refused.line));
    for (const [field, messages] of Object.entries({ ...checks.found(), ...grid.checks.found() })) {
      const variant = /^variants\.(\d+)\./.exec(field);
      const row = variant ? product.variants[Number(variant[1])] : undefined;
      if (row && unreadable.has(row.line)) continue;
      for (const message of messages) problem(message, row?.line, row?.sku);
    }
    if (problems.length > 0) {
      outcomes.push({ kind: "refused", product, refusals: refusalsOf(product, problems) });
      continue;
    }
    const fields: ProductFields = {
      name: form.name,
      description: form.description,
      categoryId: categoryId!,
      imageOne: product.imageOne ?? current!.imageOne,
      imageTwo: product.imageTwo ?? current?.imageTwo ?? null,
    };
    const checkedGrid: CheckedGrid = { options: grid.options, variants: grid.variants };
    if (!current) {
      const slug = product.slug ?? freeSlug(run, product, slugsTaken);
      outcomes.push({ kind: "created", product, slug, fields, grid: checkedGrid, taxClassId });
      continue;
    }
    const sameFields = (Object.keys(fields) as (keyof ProductFields)[]).every((key) => fields[key] === current[key]);
    const sameGrid = currentGrid !== undefined && sameVariants(currentGrid, checkedGrid);
    const sameTax = taxClassId === undefined || taxClassId === current.taxClassId;
    if (sameFields && sameGrid && sameTax) outcomes.push({ kind: "unchanged", product, id: current.id });
    else outcomes.push({ kind: "updated", product, current, fields: sameFields ? null : fields, grid: sameGrid ? null : checkedGrid, variants: currentGrid ?? { options: [], variants: [] }, taxClassId: sameTax ? undefined : taxClassId });
  }
  return outcomes;
}

/**
 * A picture cell holding a file name (no "/": not a stored ref nor an address) names a picture of the import's
 * zip: the cell becomes that picture's stored ref. The problems of names the zip does not have.
 */
function namedPictures(run: ImportRun, product: ImportProduct): Refusal[] {
  const problems: Refusal[] = [];
  const resolve = (value: string, column: string, line: number, sku: string): string => {
    if (value.includes("/")) return value;
    const ref = run.pictures?.get(pictureName(value));
    if (ref) return ref;
    const why = run.pictures ? "is not a picture of the zip uploaded with this file" : "is a file name: upload the zip of pictures with the file";
    problems.push({ line, sku, message: `line ${line}: ${column} ${quoted(value)} ${why}` });
    return value;
  };
  const first = product.rows[0];
  if (product.imageOne) product.imageOne = resolve(product.imageOne, "image_one", first.line, first.sku);
  if (product.imageTwo) product.imageTwo = resolve(product.imageTwo, "image_two", first.line, first.sku);
  for (const variant of product.variants) if (variant.image) variant.image = resolve(variant.image, "variant_image", variant.line, variant.sku);
  return problems;
}

/** Every row of a refused product: its own problems, or a note pointing at the product's first problem. */
function refusalsOf(product: ImportProduct, problems: Refusal[]): Refusal[] {
  const first = problems.reduce((earliest, problem) => (problem.line < earliest.line ? problem : earliest));
  const rows = product.rows.flatMap((row) => {
    const own = problems.filter((problem) => problem.line === row.line);
    return own.length ? own : [{ line: row.line, sku: row.sku, message: `line ${row.line}: refused with its product (see line ${first.line})` }];
  });
  // A problem on a line that is not one of the product's rows (none today) would still be reported.
  return [...rows, ...problems.filter((problem) => !product.rows.some((row) => row.line === problem.line))];
}

/**
 * The shop's slugs that start with one of these bases (the names of a batch's products without a product_slug),
 * in one query for the whole batch.
 */
async function slugsStartingWith(db: Db, bases: string[]): Promise<string[]> {
  const distinct = [...new Set(bases)];
  if (distinct.length === 0) return [];
  const rows = await db.product.findMany({ where: { OR: distinct.map((base) => ({ slug: { startsWith: base } })) }, select: { slug: true } });
  return rows.map((row) => row.slug);
}

/** A new product without a product_slug: the first free slug of its name, among the shop's and the file's. */
function freeSlug(run: ImportRun, product: ImportProduct, slugsTaken: string[]): string {
  const base = slugify(product.name);
  const taken = [...slugsTaken, ...run.slugs.keys()].filter((known) => known.startsWith(base));
  const slug = firstFreeSlug(base, taken);
  run.slugs.set(slug, product.line);
  return slug;
}

/** Whether the shop's grid is the checked one: the same options and values in order, the same variants in order. */
function sameVariants(current: ProductVariants, grid: CheckedGrid): boolean {
  if (current.options.length !== grid.options.length || current.variants.length !== grid.variants.length) return false;
  const sameOptions = current.options.every((option, index) => option.name === grid.options[index].name && option.values.map((value) => value.value).join("\u0000") === grid.options[index].values.join("\u0000"));
  return (
    sameOptions &&
    current.variants.every((variant, index) => {
      const next = grid.variants[index];
      const values = variant.options.map((chosen) => `${chosen.name.toLowerCase()}\u0000${chosen.value.toLowerCase()}`).join("\u0001");
      return (
        variant.sku === next.sku &&
        variant.priceCents === next.priceCents &&
        variant.discountPriceCents === next.discountPriceCents &&
        variant.quantity === next.quantity &&
        variant.enabled === next.enabled &&
        variant.image === (next.image ?? null) &&
        values === next.valueKeys.join("\u0001")
      );
    })
  );
}

/** A write that met a change made meanwhile (a SKU or slug just taken): the batch is rolled back whole. */
export const raceError = (from: number, to: number) =>
  new ShopError("CONFLICT", `Lines ${from} to ${to} met a change made in the shop meanwhile (a SKU or address just taken): apply the import again to go on from there.`);
