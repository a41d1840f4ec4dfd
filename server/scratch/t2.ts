import fs from "node:fs";
import sharp from "sharp";
import { decodeUpright } from "../src/domain/images/processing.js";
const bytes = fs.readFileSync("/tmp/verdant-bench-photos-v1/photo-3.jpg");
const px = await decodeUpright(bytes);
const img = (w: number) => sharp(px.data, { raw: { width: px.width, height: px.height, channels: px.channels } }).resize(w);
for (const [label, enc] of [
  ["jpeg moz", (s: sharp.Sharp) => s.jpeg({ quality: 78, progressive: true, mozjpeg: true })],
  ["jpeg turbo prog", (s: sharp.Sharp) => s.jpeg({ quality: 78, progressive: true })],
  ["jpeg turbo", (s: sharp.Sharp) => s.jpeg({ quality: 78 })],
  ["webp e3", (s: sharp.Sharp) => s.webp({ quality: 75, effort: 3 })],
  ["webp e1", (s: sharp.Sharp) => s.webp({ quality: 75, effort: 1 })],
  ["webp e0", (s: sharp.Sharp) => s.webp({ quality: 75, effort: 0 })],
] as const) {
  const t = performance.now(); let sizes = [];
  for (const w of [320, 640, 960, 1280, 1920]) sizes.push(Math.round((await enc(img(w)).toBuffer()).length / 1000));
  console.log(label, Math.round(performance.now() - t), "ms", sizes.join(" "));
}
