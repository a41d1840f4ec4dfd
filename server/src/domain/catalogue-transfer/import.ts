// Importing a catalogue file: upload (the whole-file checks, then the file is kept in catalogue_imports), a dry
// run that reports what applying it would create, update, leave unchanged and refuse (import-plan.ts), then the
// application, in batches of products, each batch one transaction that also moves the import's checkpoint.
//
// - Resumable: a stopped application (a failure, a restart, kill -9) goes on from its checkpoint when applied
//   again, on any process: the rows before it are read again only to rebuild the file's SKUs and slugs.
// - Idempotent: products are matched by slug or SKU and a product whose fields and grid already are the file's
//   is left unchanged, so applying the same file twice changes nothing the second time.
// - One process at a time: the process working on an import holds it (working_until, renewed every batch), and
//   each batch checks, under the import's row lock, that the checkpoint is still the one it started from.
// - Everything that follows the catalogue (search words, the kept answers and pages, the sitemap) follows the
//   database's triggers and notifications, as for a change in the back office; each product written reports
//   product.created / product.updated to webhooks, and each batch leaves one entry in the audit trail.
import { createHash } from "node:crypto";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { conflict, isUniqueViolation, notFound, parseId, requireAdmin, ShopError, type Viewer } from "../shared/index.js";
import { recordActivity } from "../audit/index.js";
import { catalogueFileRows, checkCatalogueFile } from "./import-file.js";
import { claim, noCounts, planBatch, raceError, startRun, type ImportCounts, type ImportRun, type Outcome } from "./import-plan.js";
import { writeBatch } from "./import-write.js";
import { importProducts, type ImportProduct, type Refusal } from "./import-rows.js";
import { importerName } from "./importer.js";
import { storedPictureSet } from "./pictures.js";

/** Products per batch (one transaction when applying). */
export const IMPORT_BATCH_SIZE = 100;
/** How long a process holds an import between two batches before another may take it over. */
export const IMPORT_HOLD_MS = 2 * 60_000;
/** Refused rows kept for the screen (the counts cover them all). */
export const MAX_REFUSALS_SHOWN = 1000;
const IMPORT_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;
/** What an update of an import reads back: its id only. Prisma returns the whole row by default, and the row holds
 * the file: a 100,000-product file came back on every batch's update (26 MB a time), most of a dry run's time. */
const NOTHING_BACK = { id: true } as const;

export type ImportStatus = "checking" | "checked" | "applying" | "applied" | "failed";

/** An import as the back office and the API show it. */
export interface ImportView {
  id: number;
  fileName: string;
  status: ImportStatus;
  /** Checking or applying, but the process working on it stopped: applying it (again) resumes the application. */
  stalled: boolean;
  totalRows: number;
  checkedRows: number;
  appliedRows: number;
  planned: ImportCounts | null;
  plannedRefusals: Refusal[];
  applied: ImportCounts | null;
  appliedRefusals: Refusal[];
  /** All the dry run's refused rows (plannedRefusals holds the first MAX_REFUSALS_SHOWN). */
  refusedRows: number;
  error: string | null;
  createdBy: string;
  createdAt: string;
  appliedAt: string | null;
}

/** What the command line hears while an import runs (after each batch; the next waits for it). */
export type ImportProgress = (view: { phase: "checking" | "applying"; rows: number; totalRows: number }) => void | Promise<void>;

interface Options {
  batchSize?: number;
  holdMs?: number;
  log?: { error(details: object, message: string): void };
}

const UNFINISHED = "The import stopped because of an error in the shop: apply it again to go on from where it stopped.";

/** A batch found that another process took the import over (this one's hold had run out): this one stops. */
class TakenOver extends ShopError {
  constructor() {
    super("CONFLICT", "Another process took this import over: its progress is on the import screen.");
  }
}

export class CatalogueImports {
  private readonly running = new Map<number, Promise<void>>();
  private readonly batchSize: number;
  private readonly holdMs: number;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: Options = {},
  ) {
    this.batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
    this.holdMs = options.holdMs ?? IMPORT_HOLD_MS;
  }

  /** For staff with catalogue:write (and keys with that scope): keeps a checked file and starts its dry run. */
  async upload(viewer: Viewer | null | undefined, file: { fileName: unknown; bytes: Uint8Array; pictureSetId?: unknown }): Promise<ImportView> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const pictureSetId = file.pictureSetId === undefined || file.pictureSetId === null || file.pictureSetId === "" ? null : await storedPictureSet(this.prisma, file.pictureSetId);
    const created = await this.keep(await importerName(this.prisma, acting), file, pictureSetId);
    this.inBackground(created.id, () => this.check(created.id, file.bytes));
    return this.view(created.id);
  }

  /** The latest imports, newest first (a screen opened again finds the one still running). */
  async list(viewer: Viewer | null | undefined, limit = 10): Promise<ImportView[]> {
    requireAdmin(viewer, "catalogue:write");
    const rows = await this.prisma.catalogueImport.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, omit: { file: true } });
    return rows.map(viewOf);
  }

  async get(viewer: Viewer | null | undefined, id: unknown): Promise<ImportView> {
    requireAdmin(viewer, "catalogue:write");
    return this.view(id);
  }

  /** Starts (or resumes) applying a checked import in the background. */
  async apply(viewer: Viewer | null | undefined, id: unknown): Promise<ImportView> {
    const acting = requireAdmin(viewer, "catalogue:write");
    const importId = await this.take(id);
    this.inBackground(importId, () => this.applyAll(importId, acting));
    return this.view(importId);
  }

  /** Resolves once the import's work in this process (check or application) is over: for tests and shutdown. */
  async settled(id: number): Promise<void> {
    await this.running.get(id);
  }

  // ---- the command line (npm run catalogue:import): the operator holds the database, nobody's role is checked ----

  /** Keeps the file and runs its dry run to the end. An unfinished import of the same bytes is resumed instead. */
  async checkForOperator(fileName: string, bytes: Uint8Array, progress?: ImportProgress, pictureSetId: number | null = null): Promise<ImportView> {
    const unfinished = await this.prisma.catalogueImport.findFirst({
      where: { fileSha256: sha256(bytes), status: { in: ["applying", "failed"] } },
      orderBy: { id: "desc" },
      select: { id: true, planned: true },
    });
    if (unfinished?.planned) return this.view(unfinished.id);
    const created = await this.keep("command line", { fileName, bytes }, pictureSetId === null ? null : await storedPictureSet(this.prisma, pictureSetId));
    await this.recorded(created.id, () => this.check(created.id, bytes, progress));
    return this.view(created.id);
  }

  async applyForOperator(id: number, progress?: ImportProgress): Promise<ImportView> {
    const taken = await this.take(id);
    await this.recorded(taken, () => this.applyAll(taken, null, progress));
    return this.view(id);
  }

  // ---- the work --------------------------------------------------------------------------------------

  private async keep(createdBy: string, file: { fileName: unknown; bytes: Uint8Array }, pictureSetId: number | null = null) {
    const fileName = typeof file.fileName === "string" && file.fileName.trim() ? file.fileName.trim().slice(0, 255) : "catalogue.csv";
    const checked = await checkCatalogueFile(file.bytes);
    return this.prisma.catalogueImport.create({
      data: { fileName, fileSha256: sha256(file.bytes), file: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString("utf8"), totalRows: checked.totalRows, createdBy, pictureSetId, workingUntil: this.holdUntil() },
      select: { id: true },
    });
  }

  /** The dry run: plans every batch without writing, noting its progress as it goes. */
  private async check(id: number, bytes: Uint8Array, progress?: ImportProgress): Promise<void> {
    // The bytes just kept, not read back: one copy of the file fewer in memory.
    const { totalRows, pictureSetId } = await this.prisma.catalogueImport.findUniqueOrThrow({ where: { id }, select: { totalRows: true, pictureSetId: true } });
    const run = await startRun(this.prisma, pictureSetId);
    const counts = noCounts();
    const refusals: Refusal[] = [];
    for await (const batch of batches(importProducts(catalogueFileRows(bytes)), this.batchSize)) {
      tally(counts, refusals, await planBatch(this.prisma, run, batch));
      const checkedRows = batch[batch.length - 1].lastIndex + 1;
      await this.prisma.catalogueImport.update({ where: { id }, data: { checkedRows, workingUntil: this.holdUntil() }, select: NOTHING_BACK });
      await progress?.({ phase: "checking", rows: checkedRows, totalRows });
    }
    await this.prisma.catalogueImport.update({
      where: { id },
      data: { status: "checked", checkedRows: totalRows, planned: { ...counts }, plannedRefusals: refusals as object[], workingUntil: null },
      select: NOTHING_BACK,
    });
  }

  /**
   * Marks a checked (or stopped) import as being applied by this process, or says why it cannot be: atomic, so
   * two presses of "Apply" or two processes never apply it twice at once.
   */
  private async take(id: unknown): Promise<number> {
    const importId = parseId(id);
    if (importId === null) throw notFound("Import");
    const taken = await this.prisma.$queryRaw<{ id: number }[]>`
      UPDATE catalogue_imports SET status = 'applying', error = NULL, working_until = ${this.holdUntil()}, updated_at = now()
       WHERE id = ${importId} AND planned IS NOT NULL
         AND (status IN ('checked', 'failed') OR (status = 'applying' AND working_until < now()))
      RETURNING id`;
    if (taken.length > 0) return importId;
    const found = await this.prisma.catalogueImport.findUnique({ where: { id: importId }, select: { status: true, planned: true } });
    if (!found) throw notFound("Import");
    if (found.status === "applied") throw conflict("This import has been applied already.");
    if (found.status === "applying") throw conflict("This import is being applied: its progress is on the import screen.");
    if (found.status === "checking") throw conflict("The file is still being checked: apply it once the check is done.");
    throw conflict("The check of this file did not finish: upload it again.");
  }

  /** Applies every batch after the checkpoint; replays the rows before it to rebuild the file's SKUs and slugs. */
  private async applyAll(id: number, viewer: Viewer | null, progress?: ImportProgress): Promise<void> {
    const record = await this.prisma.catalogueImport.findUniqueOrThrow({ where: { id } });
    const state = { appliedRows: record.appliedRows, counts: { ...noCounts(), ...(record.applied as Partial<ImportCounts> | null) }, refusals: record.appliedRefusals as unknown as Refusal[] };
    const run = await startRun(this.prisma, record.pictureSetId);
    let batch: ImportProduct[] = [];
    for await (const product of importProducts(catalogueFileRows(Buffer.from(record.file, "utf8")))) {
      if (product.lastIndex < record.appliedRows) {
        claim(run, product);
        continue;
      }
      batch.push(product);
      if (batch.length < this.batchSize) continue;
      await this.applyBatch(id, record.fileName, run, batch, state, viewer);
      await progress?.({ phase: "applying", rows: state.appliedRows, totalRows: record.totalRows });
      batch = [];
    }
    if (batch.length > 0) await this.applyBatch(id, record.fileName, run, batch, state, viewer);
    await this.prisma.catalogueImport.update({
      where: { id },
      data: { status: "applied", appliedRows: record.totalRows, appliedAt: new Date(), workingUntil: null, file: "" },
      select: NOTHING_BACK,
    });
    await progress?.({ phase: "applying", rows: record.totalRows, totalRows: record.totalRows });
  }

  private async applyBatch(id: number, fileName: string, run: ImportRun, batch: ImportProduct[], state: { appliedRows: number; counts: ImportCounts; refusals: Refusal[] }, viewer: Viewer | null) {
    const from = batch[0].line;
    const to = batch[batch.length - 1].rows[batch[batch.length - 1].rows.length - 1].line;
    const next = batch[batch.length - 1].lastIndex + 1;
    const counts = { ...state.counts };
    const refusals = [...state.refusals];
    try {
      await this.prisma.$transaction(async (tx) => {
        const [held] = await tx.$queryRaw<{ applied_rows: number }[]>`SELECT applied_rows FROM catalogue_imports WHERE id = ${id} FOR UPDATE`;
        if (!held || Number(held.applied_rows) !== state.appliedRows) throw new TakenOver();
        const outcomes = await planBatch(tx, run, batch, true);
        tally(counts, refusals, outcomes);
        const written = await writeBatch(tx, outcomes);
        if (viewer && written.created.length + written.updated.length > 0) {
          await recordActivity(tx, viewer, {
            kind: "catalogue.imported",
            subject: { type: "catalogue-import", id, label: fileName },
            changes: { lines: { before: null, after: `${from}-${to}` }, created: { before: null, after: written.created }, updated: { before: null, after: written.updated } },
          });
        }
        await tx.catalogueImport.update({ where: { id }, data: { appliedRows: next, applied: { ...counts }, appliedRefusals: refusals as object[], workingUntil: this.holdUntil() }, select: NOTHING_BACK });
      }, IMPORT_TRANSACTION);
    } catch (error) {
      throw isUniqueViolation(error) ? raceError(from, to) : error;
    }
    Object.assign(state, { appliedRows: next, counts, refusals });
  }

  /**
   * Runs `work` on import `id`; a failure is written on the import (failed, with its reason in words, free to be
   * applied again at once) and rethrown. Not when another process has taken the import over: it is that one's now.
   */
  private async recorded(id: number, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof TakenOver)) {
        if (!(error instanceof ShopError)) this.options.log?.error({ err: error, importId: id }, "a catalogue import stopped");
        const message = error instanceof ShopError ? error.message : UNFINISHED;
        await this.prisma.catalogueImport.update({ where: { id }, data: { status: "failed", error: message, workingUntil: null }, select: NOTHING_BACK }).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Runs `work` without waiting for it (recorded: its failure is on the import for the screen to show). */
  private inBackground(id: number, work: () => Promise<void>): void {
    const running = this.recorded(id, work).catch(() => undefined);
    this.running.set(id, running);
    void running.finally(() => this.running.delete(id));
  }

  private async view(id: unknown): Promise<ImportView> {
    const importId = parseId(id);
    const found = importId === null ? null : await this.prisma.catalogueImport.findUnique({ where: { id: importId }, omit: { file: true } });
    if (!found) throw notFound("Import");
    return viewOf(found);
  }

  private holdUntil(): Date {
    return new Date(Date.now() + this.holdMs);
  }
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Adds a batch's outcomes to the counts and the refused rows (the first MAX_REFUSALS_SHOWN are kept). */
function tally(counts: ImportCounts, refusals: Refusal[], outcomes: readonly Outcome[]): void {
  for (const outcome of outcomes) {
    counts[outcome.kind] += 1;
    if (outcome.kind !== "refused") continue;
    counts.refusedRows += outcome.product.rows.length;
    refusals.push(...outcome.refusals.slice(0, Math.max(0, MAX_REFUSALS_SHOWN - refusals.length)));
  }
}

async function* batches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

type ImportRecord = {
  id: number;
  fileName: string;
  status: string;
  totalRows: number;
  checkedRows: number;
  appliedRows: number;
  planned: unknown;
  plannedRefusals: unknown;
  applied: unknown;
  appliedRefusals: unknown;
  error: string | null;
  createdBy: string;
  workingUntil: Date | null;
  createdAt: Date;
  appliedAt: Date | null;
};

function viewOf(row: ImportRecord): ImportView {
  const status = row.status as ImportStatus;
  const planned = row.planned as ImportCounts | null;
  return {
    id: row.id,
    fileName: row.fileName,
    status,
    stalled: (status === "checking" || status === "applying") && (row.workingUntil === null || row.workingUntil.getTime() < Date.now()),
    totalRows: row.totalRows,
    checkedRows: row.checkedRows,
    appliedRows: row.appliedRows,
    planned,
    plannedRefusals: row.plannedRefusals as Refusal[],
    applied: row.applied as ImportCounts | null,
    appliedRefusals: row.appliedRefusals as Refusal[],
    refusedRows: planned?.refusedRows ?? 0,
    error: row.error,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
}
