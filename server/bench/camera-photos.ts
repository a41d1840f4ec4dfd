// Camera-like test photos for npm run bench:images: 12-megapixel JPEGs (4000x3000) of 3-5 MB, as a phone
// takes them. Flat colours would compress to nothing and flatter any pipeline, so each photo has what
// makes real ones heavy: leafy shapes with edges at every scale, a soft background, fine texture and
// sensor noise; and what makes them risky: an EXIF block with the camera, a GPS position and the
// orientation flag of a phone held upright (the pixels are stored sideways, as phones store them).
// The same seed always draws the same photo; photos are cached in the OS temp folder between runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { mulberry32 } from "../seed/plant-art.js";

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;
const CACHE_DIR = path.join(os.tmpdir(), "verdant-bench-photos-v1");

type Rng = () => number;

/** A smooth random field (value noise over a grid of `cells`), 0..1, drawn at w x h. */
function valueNoise(rng: Rng, w: number, h: number, cells: number): Float32Array {
  const gw = cells + 2;
  const gh = Math.ceil((cells * h) / w) + 2;
  const grid = Float32Array.from({ length: gw * gh }, () => rng());
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const gy = (y / w) * cells;
    const y0 = Math.floor(gy);
    const fy = gy - y0;
    const sy = fy * fy * (3 - 2 * fy);
    for (let x = 0; x < w; x += 1) {
      const gx = (x / w) * cells;
      const x0 = Math.floor(gx);
      const fx = gx - x0;
      const sx = fx * fx * (3 - 2 * fx);
      const a = grid[y0 * gw + x0];
      const b = grid[y0 * gw + x0 + 1];
      const c = grid[(y0 + 1) * gw + x0];
      const d = grid[(y0 + 1) * gw + x0 + 1];
      out[y * w + x] = a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
    }
  }
  return out;
}

/** Leaves as an SVG layer: many rotated ellipses with a darker rim and a midrib, in greens. */
function leavesSvg(rng: Rng, w: number, h: number): string {
  const shapes: string[] = [];
  for (let i = 0; i < 260; i += 1) {
    const cx = rng() * w;
    const cy = rng() * h;
    const rx = (20 + rng() * 130) * (w / 2000);
    const ry = rx * (0.25 + rng() * 0.3);
    const angle = rng() * 180;
    const hue = 75 + rng() * 70;
    const light = 18 + rng() * 40;
    shapes.push(
      `<g transform="rotate(${angle.toFixed(1)} ${cx.toFixed(0)} ${cy.toFixed(0)})">` +
        `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${rx.toFixed(0)}" ry="${ry.toFixed(0)}" fill="hsl(${hue.toFixed(0)},${(35 + rng() * 40).toFixed(0)}%,${light.toFixed(0)}%)" stroke="hsl(${hue.toFixed(0)},40%,${(light * 0.6).toFixed(0)}%)" stroke-width="${(2 + rng() * 6).toFixed(1)}" fill-opacity="${(0.55 + rng() * 0.45).toFixed(2)}"/>` +
        `<line x1="${(cx - rx).toFixed(0)}" y1="${cy.toFixed(0)}" x2="${(cx + rx).toFixed(0)}" y2="${cy.toFixed(0)}" stroke="hsl(${hue.toFixed(0)},30%,${Math.min(90, light + 25).toFixed(0)}%)" stroke-width="${(1 + rng() * 3).toFixed(1)}" stroke-opacity="0.7"/>` +
        `</g>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${shapes.join("")}</svg>`;
}

/** One photo's JPEG bytes (about 3-5 MB), drawn from `seed`. */
export async function drawCameraPhoto(seed: number): Promise<Buffer> {
  const rng = mulberry32(seed * 7919 + 17);
  const w = PHOTO_WIDTH;
  const h = PHOTO_HEIGHT;
  // Background: soft light and colour variation at three scales, with a vignette.
  const coarse = valueNoise(rng, w / 4, h / 4, 6);
  const middle = valueNoise(rng, w / 4, h / 4, 40);
  const base = Buffer.alloc((w / 4) * (h / 4) * 3);
  const hue = rng();
  for (let i = 0; i < coarse.length; i += 1) {
    const light = 0.35 + 0.45 * coarse[i] + 0.2 * middle[i];
    base[i * 3] = Math.min(255, 255 * light * (0.55 + 0.3 * hue));
    base[i * 3 + 1] = Math.min(255, 255 * light * 0.75);
    base[i * 3 + 2] = Math.min(255, 255 * light * (0.85 - 0.3 * hue));
  }
  // The leaves are drawn at half size and enlarged: rendering them at 12 MP would take seconds, and a
  // phone's lens softens edges at that size anyway.
  const leaves = await sharp(Buffer.from(leavesSvg(rng, w / 2, h / 2))).resize(w, h, { kernel: "cubic" }).png({ compressionLevel: 0 }).toBuffer();
  const scene = await sharp(base, { raw: { width: w / 4, height: h / 4, channels: 3 } })
    .resize(w, h, { kernel: "cubic" })
    .composite([{ input: leaves, blend: "over" }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Fine texture (the grain of leaves and soil, varying slowly across the frame) and sensor noise: what
  // keeps a real photo's JPEG heavy.
  const texture = valueNoise(rng, w / 8, h / 8, 60);
  // Noise values come from a table picked by a cheap generator: 36 million calls to rng would take seconds.
  const table = Float32Array.from({ length: 65536 }, () => rng() + rng() - 1);
  let state = (rng() * 0xffffffff) >>> 0;
  const pixels = scene.data;
  const channels = scene.info.channels;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const strength = 8 + 18 * texture[(y >> 3) * (w / 8) + (x >> 3)];
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const shade = table[state >>> 16] * strength;
      const i = (y * w + x) * channels;
      for (let c = 0; c < 3; c += 1) pixels[i + c] = Math.max(0, Math.min(255, pixels[i + c] + shade + table[(state >>> (c * 5)) & 0xffff] * 5));
    }
  }
  // Stored sideways, as a phone held upright stores it; the EXIF orientation (6) says to turn it back.
  return sharp(scene.data, { raw: scene.info })
    .rotate(-90)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Verdant Bench", Model: "Phone Camera 12MP", Software: "bench:images" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2600/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3900/100" },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The photo for `seed`, from the cache when it was drawn before. */
export async function cameraPhoto(seed: number): Promise<Buffer> {
  const file = path.join(CACHE_DIR, `photo-${seed}.jpg`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const bytes = await drawCameraPhoto(seed);
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(`${file}.partial`, bytes);
  fs.renameSync(`${file}.partial`, file);
  return bytes;
}
