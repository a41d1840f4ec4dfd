import fs from "node:fs";
import { decodeUpright, encodeKept, encodeRenditions, placeholderOf } from "../src/domain/images/processing.js";
const bytes = fs.readFileSync("/tmp/verdant-bench-photos-v1/photo-3.jpg");
for (let round = 0; round < 2; round++) {
  let t = performance.now();
  const lap = (l: string) => { console.log(l, Math.round(performance.now() - t)); t = performance.now(); };
  const px = await decodeUpright(bytes); lap(`decode ${px.width}x${px.height}`);
  const kept = await encodeKept(px); lap(`kept ${kept.data.length}`);
  const ph = await placeholderOf(px); lap(`placeholder ${ph.length}`);
  const r = await encodeRenditions(px, ["webp", "jpeg"]); lap(`webp+jpeg ${r.map(x => `${x.format}${x.width}:${Math.round(x.data.length/1000)}`).join(" ")}`);
  if (round === 1) { const a = await encodeRenditions(px, ["avif"]); lap(`avif ${a.map(x => `${x.width}:${Math.round(x.data.length/1000)}`).join(" ")}`); }
}
