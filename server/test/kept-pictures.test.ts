// The rows of pictures a process has read are kept (images/kept-records.ts) while they stay as they were:
// a page of cards then reads only its products. Any announced picture write (picturesChanged) or a gap in
// what the process hears drops them all, a row read across such a moment is not kept, and nothing is kept
// while the process may be missing announcements.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageRecord } from "../src/domain/images/index.js";
import { KeptPictureRecords } from "../src/domain/images/kept-records.js";
import { handDrivenBus } from "./catalogue-cache-support.js";
import { createTestShop, type TestShop } from "./support.js";

const row = (ref: string, state = "ready"): ImageRecord => ({ ref, state, width: 640, height: 480, placeholder: null, renditions: [] });

/** A source of rows that counts its reads; `pause` holds the next read until `resume`. */
function countingSource(rows: Map<string, ImageRecord>) {
  const reads: string[][] = [];
  let held: (() => void) | null = null;
  let pause = false;
  return {
    reads,
    pauseNext: () => (pause = true),
    resume: () => held?.(),
    read: async (refs: readonly string[]) => {
      reads.push([...refs]);
      if (pause) {
        pause = false;
        await new Promise<void>((resolve) => (held = resolve));
      }
      return new Map([...rows].filter(([ref]) => refs.includes(ref)));
    },
  };
}

describe("kept picture rows", () => {
  it("a row read once is not read again; a ref without a row is remembered as such", async () => {
    const { bus } = handDrivenBus();
    const source = countingSource(new Map([["/a.png", row("/a.png")]]));
    const kept = new KeptPictureRecords(source.read, bus);
    expect([...(await kept.records(["/a.png", "/none.png"])).keys()]).toEqual(["/a.png"]);
    expect([...(await kept.records(["/a.png", "/none.png", "/a.png"])).keys()]).toEqual(["/a.png"]);
    expect(source.reads).toEqual([["/a.png", "/none.png"]]);
  });

  it("an announced picture write drops them: the next read sees the new row", async () => {
    const { bus, hear } = handDrivenBus();
    const rows = new Map([["/a.png", row("/a.png", "pending")]]);
    const kept = new KeptPictureRecords(countingSource(rows).read, bus);
    expect((await kept.records(["/a.png"])).get("/a.png")?.state).toBe("pending");
    rows.set("/a.png", row("/a.png", "ready"));
    expect((await kept.records(["/a.png"])).get("/a.png")?.state).toBe("pending");
    hear({ type: "picturesChanged" });
    expect((await kept.records(["/a.png"])).get("/a.png")?.state).toBe("ready");
  });

  it("a row read while a write is announced is answered but not kept", async () => {
    const { bus, hear } = handDrivenBus();
    const source = countingSource(new Map([["/a.png", row("/a.png")]]));
    const kept = new KeptPictureRecords(source.read, bus);
    source.pauseNext();
    const reading = kept.records(["/a.png"]);
    hear({ type: "picturesChanged" });
    source.resume();
    expect((await reading).has("/a.png")).toBe(true);
    await kept.records(["/a.png"]);
    expect(source.reads).toHaveLength(2);
  });

  it("while the process may miss announcements nothing is kept; once it hears again, rows are kept again", async () => {
    const { bus, tell } = handDrivenBus();
    const source = countingSource(new Map([["/a.png", row("/a.png")]]));
    const kept = new KeptPictureRecords(source.read, bus);
    await kept.records(["/a.png"]);
    tell("interrupted");
    await kept.records(["/a.png"]);
    await kept.records(["/a.png"]);
    expect(source.reads).toHaveLength(3);
    tell("resumed");
    await kept.records(["/a.png"]);
    await kept.records(["/a.png"]);
    expect(source.reads).toHaveLength(4);
  });
});

describe("kept picture rows in a shop (the database's announcements)", () => {
  let t: TestShop;
  beforeAll(async () => {
    t = await createTestShop();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a picture made ready by another process is shown ready, without a restart", async () => {
    const ref = "/uploads/kept-pictures-test.png";
    await t.shop.prisma.image.create({ data: { ref } });
    expect((await t.shop.images.records([ref])).get(ref)?.state).not.toBe("ready");
    // Written straight to the database, as the renditions worker of another replica would.
    await t.shop.prisma.image.update({ where: { ref }, data: { state: "ready", width: 320, height: 240 } });
    await expect.poll(async () => (await t.shop.images.records([ref])).get(ref)?.state).toBe("ready");
    expect((await t.shop.images.records([ref])).get(ref)?.width).toBe(320);
  });
});
