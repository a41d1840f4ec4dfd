// Pictures' rows change often in the background (a claim by the renditions worker, each rendition made, a
// failure): only writes of what a visitor sees (a picture's state, size, placeholder, renditions; a row
// added or removed) are announced, as picturesChanged, never as a catalogue change (no product's words,
// prices or stock moved), so the search index does not hear them and the caches empty at most once a second.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ShopEvent } from "../src/domain/shared/index.js";
import { createTestShop, type TestShop } from "./support.js";

let t: TestShop;
let markerCategory: number;
const heard: ShopEvent[] = [];

beforeAll(async () => {
  t = await createTestShop();
  t.shop.events.listen((event) => {
    if (event.type === "picturesChanged" || event.type === "catalogueChanged") heard.push(event);
  });
  markerCategory = (await t.shop.prisma.category.create({ data: { name: "Markers" } })).id;
  // Its own announcement is heard before any test starts counting.
  await vi.waitFor(() => expect(heard).toHaveLength(1));
});

afterAll(async () => {
  await t?.close();
});

const markers = new Set<number>();
const isMarker = (event: ShopEvent) => event.type === "catalogueChanged" && (event.products ?? []).some((id) => markers.has(id));

/**
 * What the database announced for `write`: everything heard until a marker written after it comes back
 * (announcements arrive in commit order), the markers' own announcements left out.
 */
async function announced(write: () => Promise<unknown>): Promise<ShopEvent[]> {
  heard.length = 0;
  await write();
  const marker = await t.shop.prisma.product.create({
    data: { slug: `marker-${markers.size}`, name: "Marker", description: "", categoryId: markerCategory, priceCents: 100, quantity: 1, imageOne: "/uploads/marker.png" },
  });
  markers.add(marker.id);
  await expect.poll(() => heard.some((event) => event.type === "catalogueChanged" && event.products?.includes(marker.id))).toBe(true);
  return heard.slice(0, heard.findIndex((event) => event.type === "catalogueChanged" && event.products?.includes(marker.id))).filter((event) => !isMarker(event));
}

describe("writes to pictures", () => {
  it("a new picture's row is announced as picturesChanged, not as a catalogue change", async () => {
    expect(await announced(() => t.shop.prisma.image.create({ data: { ref: "/uploads/announced.png" } }))).toEqual([{ type: "picturesChanged" }]);
  });

  it("a claim by the renditions worker announces nothing: no visitor sees it", async () => {
    const write = async () =>
      expect(await t.shop.prisma.$executeRaw`UPDATE images SET claimed_until = now() + interval '1 minute', updated_at = now() WHERE ref = '/uploads/announced.png'`).toBe(1);
    expect(await announced(write)).toEqual([]);
  });

  it("its state, size or renditions written: picturesChanged", async () => {
    const ready = () => t.shop.prisma.image.update({ where: { ref: "/uploads/announced.png" }, data: { state: "ready", width: 800, height: 600 } });
    expect(await announced(ready)).toEqual([{ type: "picturesChanged" }]);
    const failed = async () => expect(await t.shop.prisma.$executeRaw`UPDATE images SET state = 'failed', failure = 'unreadable' WHERE ref = '/uploads/announced.png'`).toBe(1);
    expect(await announced(failed)).toEqual([{ type: "picturesChanged" }]);
  });
});
