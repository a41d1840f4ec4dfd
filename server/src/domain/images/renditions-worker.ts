// Makes the renditions a picture still lacks, in the background: the AVIF that follows every upload,
// every rendition of a picture stored unprocessed by an older version of the shop (found by its ref in products and order lines), and
// pictures made by an older RECIPE. Each picture is claimed in the database first (FOR UPDATE SKIP LOCKED,
// for a few minutes), so several processes or replicas never make the same rendition twice, and a process
// that dies mid-way leaves its claim to expire and another to take over. Each picture is written as one
// update when done: stopping at any point loses at most the picture in hand (resumable, idempotent).
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { renditionsOf, type StoredRendition } from "./pictures.js";
import { readHeader, renditionKey, type PictureEncoder } from "./processing.js";
import { FORMATS, MIME_TYPES, RECIPE, type RenditionFormat } from "./rules.js";
import { keyOfRef, UPLOADS_PATH, type ImageStore } from "./store.js";

/** How long a claim holds a picture: far longer than one picture takes, short enough to recover soon. */
const CLAIM_MINUTES = 5;
/** While idle, the shop looks for abandoned claims and unseen pictures this often. */
const SWEEP_MS = 5 * 60_000;

export interface WorkerLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const silent: WorkerLog = { info: () => undefined, error: () => undefined };

interface ClaimedPicture {
  id: number;
  ref: string;
  width: number | null;
  renditions: unknown;
  state: string;
  recipe: number;
}

export type PictureOutcome = { ref: string; made: number } | { ref: string; failure: string };

/** Which pictures are due: still pending, or made by an older recipe. */
const DUE = Prisma.sql`(state = 'pending' OR (state = 'ready' AND recipe < ${RECIPE}))`;

export interface RebuildProgress {
  /** Pictures due when the run started. */
  total: number;
  done: number;
  renditions: number;
  failed: { ref: string; failure: string }[];
}

export class RenditionsWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private sweep: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly store: ImageStore,
    private readonly encoder: PictureEncoder,
    private readonly log: WorkerLog = silent,
  ) {}

  /** The shop's start-up: records pictures stored before renditions existed, then works through what is due. */
  start(): void {
    this.stopped = false;
    this.sweep ??= setInterval(() => this.wake(), SWEEP_MS).unref();
    void this.discover()
      .catch((error: unknown) => this.log.error({ err: error }, "could not look for stored pictures without renditions"))
      .then(() => this.wake());
  }

  /** Starts working through due pictures unless already at it (then looks again when done). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        while (!this.stopped && (await this.makeNext().catch((error: unknown) => this.reportFailure(error)))) {
          // one picture at a time
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once nothing due is left (for tests and the rebuild command). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Shutting down: the picture in hand is abandoned (its claim released for the next start), not waited for. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
    await this.encoder.close();
    await this.running?.catch(() => undefined);
  }

  /** A row, pending, for every ref in products and order lines that has none (pictures stored unprocessed by an older version of the shop). */
  async discover(): Promise<number> {
    return this.prisma.$executeRaw`
      INSERT INTO images (ref, state, recipe, updated_at)
      SELECT DISTINCT ref, 'pending', 0, now() FROM (
        SELECT image_one AS ref FROM products UNION SELECT image_two FROM products
        UNION SELECT image_one FROM order_lines UNION SELECT image_two FROM order_lines
      ) refs
      WHERE ref LIKE ${`${UPLOADS_PATH}/%`}
      ON CONFLICT (ref) DO NOTHING`;
  }

  /** How many pictures are due. */
  async countDue(): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ count: bigint | number }[]>`SELECT count(*) AS count FROM images WHERE ${DUE}`;
    return Number(row.count);
  }

  /**
   * `npm run images:rebuild`: every picture that lacks renditions gets them, in this process, one at a time,
   * pictures that failed before being tried once more. `report` hears of each picture; `stopping` is asked
   * before each (Ctrl-C finishes the picture in hand, and the next run goes on from there).
   */
  async rebuild(report: (progress: RebuildProgress, outcome: PictureOutcome | null) => void, stopping: () => boolean = () => false): Promise<RebuildProgress> {
    await this.prisma.$executeRaw`UPDATE images SET state = 'pending', failure = NULL, updated_at = now() WHERE state = 'failed'`;
    await this.discover();
    const progress: RebuildProgress = { total: await this.countDue(), done: 0, renditions: 0, failed: [] };
    report(progress, null);
    while (!stopping()) {
      const outcome = await this.makeNext();
      if (!outcome) break;
      progress.done += 1;
      if ("failure" in outcome) progress.failed.push(outcome);
      else progress.renditions += outcome.made;
      report(progress, outcome);
    }
    return progress;
  }

  /** Claims one due picture and makes what it lacks; null when nothing is due (or all due ones are claimed). */
  async makeNext(): Promise<PictureOutcome | null> {
    const [claimed] = await this.prisma.$queryRaw<ClaimedPicture[]>`
      UPDATE images SET claimed_until = now() + make_interval(mins => ${CLAIM_MINUTES}), updated_at = now()
      WHERE id = (
        SELECT id FROM images
        WHERE ${DUE} AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, ref, width, renditions, state, recipe`;
    if (!claimed) return null;
    try {
      const made = await this.make(claimed);
      return { ref: claimed.ref, made };
    } catch (error) {
      if (this.stopped) {
        // Cut short by a shutdown, not the picture's fault: the next start (or another replica) makes it.
        await this.prisma.$executeRaw`UPDATE images SET claimed_until = NULL WHERE id = ${claimed.id}`.catch(() => undefined);
        return null;
      }
      const failure = (error as Error).message ?? String(error);
      await this.prisma.$executeRaw`
        UPDATE images SET state = 'failed', failure = ${failure.slice(0, 500)}, claimed_until = NULL, updated_at = now() WHERE id = ${claimed.id}`;
      this.log.error({ ref: claimed.ref, failure }, "could not make the renditions of a picture");
      return { ref: claimed.ref, failure };
    }
  }

  private async make(claimed: ClaimedPicture): Promise<number> {
    const key = keyOfRef(claimed.ref);
    if (!key) throw new Error("the picture is not in the image store");
    const bytes = await this.store.get(key);
    if (!bytes) throw new Error(`the file ${key} is missing from the image store`);

    if (key.toLowerCase().endsWith(".svg")) {
      // A drawing scales by itself: it needs a size, no renditions.
      const header = await readHeader(bytes);
      await this.finish(claimed.id, { width: header.width, height: header.height, placeholder: null }, []);
      return 0;
    }
    const current = claimed.recipe === RECIPE && claimed.width !== null;
    const kept = current ? renditionsOf(claimed.renditions) : [];
    const formats = FORMATS.filter((format) => !kept.some((rendition) => rendition.format === format)) as RenditionFormat[];
    // A picture stored unprocessed by an older version of the shop went out as it came, metadata and all: it is rewritten without.
    const header = claimed.width === null ? await readHeader(bytes) : null;
    const work = await this.encoder.makePicture(bytes, { formats, describe: claimed.width === null, stripAs: header?.hasMetadata ? header.format : null });
    const made: StoredRendition[] = work.renditions.map((rendition) => ({
      format: rendition.format,
      width: rendition.width,
      height: rendition.height,
      key: renditionKey(rendition),
      bytes: rendition.data.length,
    }));
    await Promise.all(work.renditions.map((rendition, index) => this.store.put(made[index].key, rendition.data, MIME_TYPES[rendition.format])));
    if (work.stripped) await this.store.put(key, work.stripped, `image/${header!.format}`);
    const described = claimed.width === null ? { width: work.width, height: work.height, placeholder: work.placeholder } : null;
    const written = await this.finish(claimed.id, described, [...kept, ...made].sort((a, b) => a.width - b.width || a.format.localeCompare(b.format)));
    if (written === 0) {
      // The picture was discarded meanwhile (its product could not be written): take the new files away too.
      await Promise.all(made.map((rendition) => this.store.remove(rendition.key)));
      return 0;
    }
    return made.length;
  }

  /** Records a picture's renditions; answers 0 when its row is gone. */
  private async finish(id: number, described: { width: number; height: number; placeholder: string | null } | null, renditions: StoredRendition[]): Promise<number> {
    const renditionsJson = JSON.stringify(renditions);
    if (described) {
      return this.prisma.$executeRaw`
        UPDATE images SET width = ${described.width}, height = ${described.height}, placeholder = ${described.placeholder},
          renditions = ${renditionsJson}::jsonb, state = 'ready', recipe = ${RECIPE}, failure = NULL, claimed_until = NULL, updated_at = now()
        WHERE id = ${id}`;
    } else {
      return this.prisma.$executeRaw`
        UPDATE images SET renditions = ${renditionsJson}::jsonb, state = 'ready', recipe = ${RECIPE}, failure = NULL, claimed_until = NULL, updated_at = now()
        WHERE id = ${id}`;
    }
  }

  private reportFailure(error: unknown): null {
    // The database went away, say: stop this round; the next upload or sweep tries again.
    this.log.error({ err: error }, "the renditions worker stopped for now");
    return null;
  }
}
