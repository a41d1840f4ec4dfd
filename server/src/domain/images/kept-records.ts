// The rows of pictures this process has read, kept while they stay as they were: every product card shows
// its picture, so a page of 24 would otherwise read 24 picture rows (renditions as JSON) with every answer.
// A picture written in a way visitors see is announced (picturesChanged), and every kept row goes; so do
// they all when this process may have missed an announcement (its events interrupted), and nothing is kept
// until it hears again. Bounded in bytes: the least recently used row makes room.
import { LRUCache } from "lru-cache";
import type { EventBus } from "../shared/index.js";
import type { ImageRecord } from "./pictures.js";

/** Enough for the pictures of every page the storefront shows often (a row is about 2 KB). */
const MAX_BYTES = 4 * 1024 * 1024;
/** Kept for a ref that has no row yet: its row's arrival is announced like any other write. */
const NO_ROW = null;

const bytesOf = (record: ImageRecord | null) => 200 + (record ? JSON.stringify(record.renditions).length * 2 + (record.placeholder?.length ?? 0) * 2 : 0);

export class KeptPictureRecords {
  private readonly kept = new LRUCache<string, { record: ImageRecord | null }>({ maxSize: MAX_BYTES, sizeCalculation: (entry) => bytesOf(entry.record) });
  /** Bumped by every announcement: rows read before it are not kept. */
  private version = 0;
  private deaf: boolean;
  private readonly stops: Array<() => void>;

  constructor(
    private readonly read: (refs: readonly string[]) => Promise<Map<string, ImageRecord>>,
    events: EventBus,
  ) {
    this.deaf = !events.deliveryState().listening;
    this.stops = [
      events.listen((event) => {
        if (event.type === "picturesChanged") this.forget();
      }),
      events.watchDelivery((news) => {
        this.deaf = news === "interrupted";
        this.forget();
      }),
    ];
  }

  /** The rows of these refs, kept ones first, the others in one read; a ref without a row is absent. */
  async records(refs: readonly string[]): Promise<Map<string, ImageRecord>> {
    const found = new Map<string, ImageRecord>();
    const missing: string[] = [];
    for (const ref of new Set(refs)) {
      const entry = this.kept.get(ref);
      if (entry === undefined) missing.push(ref);
      else if (entry.record !== NO_ROW) found.set(ref, entry.record);
    }
    if (missing.length === 0) return found;
    const version = this.version;
    const read = await this.read(missing);
    const keep = !this.deaf && version === this.version;
    for (const ref of missing) {
      const record = read.get(ref) ?? NO_ROW;
      if (record) found.set(ref, record);
      if (keep) this.kept.set(ref, { record });
    }
    return found;
  }

  private forget(): void {
    this.version += 1;
    this.kept.clear();
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.forget();
  }
}
