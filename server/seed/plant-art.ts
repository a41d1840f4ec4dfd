// Product pictures for the demo catalogue, drawn at seed time so a fresh shop looks alive without
// fetching anything. Flat, friendly illustrations: a soft background per category and a subject
// (plant in a pot, tool, sack, can...) whose details vary with a hash of the slug, so every product
// looks different yet the same slug always draws the same picture. No text: it would not scale.

type Rng = () => number;
type Kind = "foliage" | "tree" | "succulent" | "herb" | "flower" | "pot" | "seed" | "tool" | "soil" | "water";

export const ART_SIZE = 600;

/** FNV-1a: a stable 32-bit hash of the slug (node's crypto would do, but this keeps the module pure). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, low: number, high: number) => low + (high - low) * rng();
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
// One decimal is plenty at 600 px and keeps the files small.
const n = (value: number) => String(Math.round(value * 10) / 10);

/** HSL to #rrggbb: hex colours render the same in every SVG viewer. */
function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const light = Math.max(0, Math.min(100, l)) / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (k: number) => {
    const m = (k + hue / 30) % 12;
    const c = light - a * Math.max(-1, Math.min(m - 3, 9 - m, 1));
    return Math.round(c * 255).toString(16).padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function kindOf(category: string): Kind {
  const c = category.toLowerCase();
  if (/pot|planter/.test(c)) return "pot";
  if (/succulent|cact/.test(c)) return "succulent";
  if (/herb|edible|vegetable|fruit/.test(c)) return "herb";
  if (/flower|bloom/.test(c)) return "flower";
  if (/seed|bulb/.test(c)) return "seed";
  if (/tool/.test(c)) return "tool";
  if (/soil|fertili|compost/.test(c)) return "soil";
  if (/water|irrigat/.test(c)) return "water";
  if (/outdoor|tree|shrub|garden/.test(c)) return "tree";
  return "foliage";
}

// Background [hue, saturation, lightness] per kind: soft, light and distinct across the category grid.
const BACKDROP: Record<Kind, [number, number, number]> = {
  foliage: [110, 28, 90],
  tree: [200, 38, 91],
  succulent: [35, 45, 90],
  herb: [70, 45, 89],
  flower: [345, 55, 93],
  pot: [22, 45, 91],
  seed: [45, 55, 89],
  tool: [210, 22, 90],
  soil: [28, 30, 88],
  water: [190, 45, 90],
};

// A colour word in the slug wins over the hash, so "anthurium-red" is red and "tulip" packets are not grey.
const COLOUR_WORDS: [RegExp, number][] = [
  [/red|burgundy|bloodgood|tomato|strawberr|rose/, 355],
  [/pink|blush|violet|orchid/, 320],
  [/purple|lavender|tulip|dahlia/, 275],
  [/blue|ocean/, 210],
  [/yellow|golden|lemon|sungold/, 48],
  [/orange|terracotta|copper/, 22],
];

const tintOf = (slug: string): number | null => COLOUR_WORDS.find(([pattern]) => pattern.test(slug))?.[1] ?? null;

const POT_COLOURS = ["#c8714e", "#e9dccb", "#5d6b73", "#8fa889", "#d9a441", "#d98f8f", "#3f4a4f", "#f4f1ea", "#6f8fb3"];

interface Look {
  slug: string;
  rng: Rng; // product-level choices: the same for both pictures of a product
  jitter: Rng; // picture-level choices: what changes between picture 1 and 2
  variant: 1 | 2;
  tint: number | null;
}

function leaf(x: number, y: number, angle: number, length: number, width: number, fill: string, vein: string): string {
  const l = -length;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<path d="M0 0Q${n(width)} ${n(l * 0.45)} 0 ${n(l)}Q${n(-width)} ${n(l * 0.45)} 0 0Z" fill="${fill}"/>` +
    `<path d="M0 0L0 ${n(l * 0.82)}" stroke="${vein}" stroke-width="3" stroke-linecap="round" fill="none" opacity=".45"/></g>`
  );
}

function pot(cx: number, top: number, width: number, height: number, colour: string, band: boolean): string {
  const rimH = Math.max(22, height * 0.2);
  const bottom = top + height;
  const half = width / 2;
  const foot = half * 0.76;
  const body = `M${n(cx - half)} ${n(top + rimH)}L${n(cx + half)} ${n(top + rimH)}L${n(cx + foot)} ${n(bottom - 6)}Q${n(cx + foot - 2)} ${n(bottom)} ${n(cx + foot - 10)} ${n(bottom)}L${n(cx - foot + 10)} ${n(bottom)}Q${n(cx - foot + 2)} ${n(bottom)} ${n(cx - foot)} ${n(bottom - 6)}Z`;
  const shade = `M${n(cx + half * 0.35)} ${n(top + rimH)}L${n(cx + half)} ${n(top + rimH)}L${n(cx + foot)} ${n(bottom - 6)}Q${n(cx + foot - 2)} ${n(bottom)} ${n(cx + foot - 10)} ${n(bottom)}L${n(cx + foot * 0.3)} ${n(bottom)}Z`;
  const bandY = top + rimH + (height - rimH) * 0.45;
  return (
    `<path d="${body}" fill="${colour}"/>` +
    (band ? `<rect x="${n(cx - half * 0.93)}" y="${n(bandY)}" width="${n(half * 1.86)}" height="${n(height * 0.09)}" fill="#ffffff" opacity=".35"/>` : "") +
    `<path d="${shade}" fill="#000000" opacity=".1"/>` +
    `<rect x="${n(cx - half - 10)}" y="${n(top)}" width="${n(width + 20)}" height="${n(rimH)}" rx="7" fill="${colour}"/>` +
    `<rect x="${n(cx - half - 10)}" y="${n(top)}" width="${n(width + 20)}" height="${n(rimH)}" rx="7" fill="#000000" opacity=".12"/>`
  );
}

const potColour = (look: Look) => pick(look.rng, POT_COLOURS);
const green = (look: Look, low = 95, high = 150) => between(look.rng, low, high);

function foliage(look: Look): string {
  const { rng, jitter } = look;
  const hue = green(look);
  const narrow = rng() < 0.4; // snake-plant fans versus broad leaves on stems
  const count = 5 + Math.floor(rng() * 7);
  const reach = between(rng, 195, 255);
  const ratio = narrow ? between(rng, 0.12, 0.18) : between(rng, 0.3, 0.42);
  const colour = potColour(look);
  let parts = "";
  for (let i = 0; i < count; i += 1) {
    const t = count === 1 ? 0 : (i / (count - 1)) * 2 - 1;
    const angle = t * 62 + between(jitter, -7, 7);
    const length = reach * (1 - 0.32 * Math.abs(t)) * between(jitter, 0.88, 1.05);
    const fill = hsl(hue, between(rng, 35, 55), 30 + (i % 3) * 7);
    const vein = hsl(hue, 40, 75);
    if (narrow) {
      parts += leaf(300, 392, angle * 0.6, length * 1.15, length * ratio, fill, vein);
    } else {
      const stem = length * 0.35;
      const rad = (angle * Math.PI) / 180;
      const x = 300 + Math.sin(rad) * stem;
      const y = 392 - Math.cos(rad) * stem;
      parts += `<path d="M300 392L${n(x)} ${n(y)}" stroke="${hsl(hue, 35, 32)}" stroke-width="5" stroke-linecap="round"/>`;
      parts += leaf(x, y, angle, length * 0.75, length * ratio, fill, vein);
    }
  }
  return parts + pot(300, 380, 190, 140, colour, rng() < 0.5);
}

function tree(look: Look): string {
  const { rng, jitter } = look;
  const hue = look.tint ?? green(look, 80, 140);
  const colour = potColour(look);
  const clumps = 7 + Math.floor(rng() * 4);
  let canopy = "";
  for (let i = 0; i < clumps; i += 1) {
    const angle = (i / clumps) * Math.PI * 2 + jitter();
    const distance = between(jitter, 30, 75);
    const x = 300 + Math.cos(angle) * distance * 1.25;
    const y = 225 + Math.sin(angle) * distance * 0.8;
    canopy += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(between(jitter, 55, 80))}" fill="${hsl(hue, between(rng, 35, 55), between(rng, 30, 46))}"/>`;
  }
  canopy += `<circle cx="${n(280 + jitter() * 20)}" cy="200" r="52" fill="${hsl(hue, 45, 52)}" opacity=".55"/>`;
  const trunk = `<path d="M300 400C${n(290 + jitter() * 20)} 340 ${n(290 + jitter() * 20)} 300 300 240" stroke="#7a5536" stroke-width="16" stroke-linecap="round" fill="none"/>`;
  return trunk + canopy + pot(300, 390, 170, 130, colour, rng() < 0.5);
}

function succulent(look: Look): string {
  const { rng, jitter } = look;
  const colour = potColour(look);
  if (/cact/.test(look.slug)) {
    const hue = green(look, 100, 140);
    const body = hsl(hue, 40, 38);
    const arm = (x: number, y: number, side: number, rise: number) =>
      `<path d="M300 ${n(y)}H${n(x)}V${n(y - rise)}" stroke="${body}" stroke-width="46" stroke-linecap="round" stroke-linejoin="round" fill="none"/>` +
      `<path d="M${n(x)} ${n(y - 10)}V${n(y - rise)}" stroke="${hsl(hue, 40, 52)}" stroke-width="4" stroke-linecap="round" opacity=".6"/>`;
    const flower = hsl(look.tint ?? pick(rng, [330, 20, 48]), 75, 65);
    return (
      arm(300 - between(rng, 75, 95), between(jitter, 300, 330), -1, between(rng, 60, 100)) +
      arm(300 + between(rng, 75, 95), between(jitter, 250, 290), 1, between(rng, 50, 90)) +
      `<rect x="252" y="170" width="96" height="240" rx="48" fill="${body}"/>` +
      `<path d="M285 190V390M315 190V390" stroke="${hsl(hue, 40, 52)}" stroke-width="5" stroke-linecap="round" opacity=".6"/>` +
      [0, 72, 144, 216, 288].map((a) => `<ellipse cx="300" cy="160" rx="10" ry="20" fill="${flower}" transform="rotate(${a} 300 175)"/>`).join("") +
      `<circle cx="300" cy="175" r="9" fill="#f6d365"/>` +
      pot(300, 400, 180, 120, colour, rng() < 0.5)
    );
  }
  const hue = look.tint ?? between(rng, 140, 185);
  let rosette = "";
  for (let ring = 0; ring < 3; ring += 1) {
    const count = 7 - ring;
    const spread = 82 - ring * 22;
    for (let i = 0; i < count; i += 1) {
      const t = (i / (count - 1)) * 2 - 1;
      const length = (150 - ring * 35) * between(jitter, 0.9, 1.05);
      rosette += leaf(300, 400, t * spread + between(jitter, -4, 4), length, length * 0.32, hsl(hue, 30, 40 + ring * 9), hsl(hue, 30, 80));
    }
  }
  return rosette + pot(300, 395, 200, 125, colour, rng() < 0.5);
}

function herb(look: Look): string {
  const { rng, jitter } = look;
  const hue = green(look, 85, 135);
  const colour = potColour(look);
  const fruit = look.tint ?? (rng() < 0.5 ? null : pick(rng, [355, 48, 25]));
  const stems = 3 + Math.floor(rng() * 3);
  let parts = "";
  for (let s = 0; s < stems; s += 1) {
    const t = stems === 1 ? 0 : (s / (stems - 1)) * 2 - 1;
    const tipX = 300 + t * between(jitter, 90, 130);
    const tipY = between(jitter, 150, 200) + Math.abs(t) * 40;
    const midX = 300 + t * 30;
    parts += `<path d="M300 392Q${n(midX)} 300 ${n(tipX)} ${n(tipY)}" stroke="${hsl(hue, 40, 30)}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
    for (let k = 1; k <= 5; k += 1) {
      const p = k / 5.5;
      // A point on the quadratic stem, with a pair of leaves either side.
      const x = (1 - p) ** 2 * 300 + 2 * (1 - p) * p * midX + p * p * tipX;
      const y = (1 - p) ** 2 * 392 + 2 * (1 - p) * p * 300 + p * p * tipY;
      const size = 50 - k * 4;
      const fill = hsl(hue, 45, 36 + (k % 2) * 8);
      parts += leaf(x, y, t * 20 - 55, size, size * 0.55, fill, hsl(hue, 40, 75));
      parts += leaf(x, y, t * 20 + 55, size, size * 0.55, fill, hsl(hue, 40, 75));
    }
    if (fruit !== null && s % 2 === 0) {
      parts += `<circle cx="${n(tipX + 14)}" cy="${n(tipY + 40)}" r="15" fill="${hsl(fruit, 75, 52)}"/><circle cx="${n(tipX + 9)}" cy="${n(tipY + 35)}" r="4" fill="#ffffff" opacity=".5"/>`;
    }
  }
  return parts + pot(300, 380, 180, 140, colour, rng() < 0.5);
}

function flower(look: Look): string {
  const { rng, jitter } = look;
  const hue = green(look, 100, 140);
  const petalHue = look.tint ?? pick(rng, [330, 350, 280, 45, 15, 200]);
  const colour = potColour(look);
  const petals = 5 + Math.floor(rng() * 4);
  let leaves = "";
  for (let i = 0; i < 6; i += 1) {
    const t = (i / 5) * 2 - 1;
    leaves += leaf(300, 392, t * 70 + between(jitter, -6, 6), 130 - Math.abs(t) * 25, 42, hsl(hue, 40, 32 + (i % 2) * 8), hsl(hue, 40, 75));
  }
  const heads = 2 + Math.floor(rng() * 3);
  let blooms = "";
  for (let f = 0; f < heads; f += 1) {
    const t = heads === 1 ? 0 : (f / (heads - 1)) * 2 - 1;
    const x = 300 + t * 110 + between(jitter, -12, 12);
    const y = 190 + Math.abs(t) * 50 + between(jitter, -15, 15);
    blooms += `<path d="M300 392Q${n(300 + t * 30)} 300 ${n(x)} ${n(y)}" stroke="${hsl(hue, 40, 32)}" stroke-width="5" fill="none"/>`;
    const petal = hsl(petalHue, 70, 62 + (f % 2) * 8);
    for (let p = 0; p < petals; p += 1) {
      blooms += `<ellipse cx="${n(x)}" cy="${n(y - 26)}" rx="15" ry="27" fill="${petal}" transform="rotate(${n((360 / petals) * p + f * 13)} ${n(x)} ${n(y)})"/>`;
    }
    blooms += `<circle cx="${n(x)}" cy="${n(y)}" r="14" fill="${hsl(petalHue > 30 && petalHue < 60 ? 25 : 45, 85, 55)}"/>`;
  }
  return leaves + blooms + pot(300, 385, 180, 135, colour, rng() < 0.5);
}

function planter(look: Look): string {
  const { rng, jitter, slug, variant } = look;
  const colour = look.tint !== null ? hsl(look.tint, 45, 55) : potColour(look);
  const sprig = (x: number, y: number) =>
    [-40, 0, 40].map((a) => leaf(x, y, a + between(jitter, -8, 8), 90, 26, hsl(120, 35, 38), hsl(120, 35, 75))).join("");
  if (/bed|trough|box/.test(slug)) {
    const wood = pick(rng, ["#b07a4f", "#9c6b45", "#c49064"]);
    let planks = "";
    for (let i = 0; i < 3; i += 1) planks += `<rect x="110" y="${330 + i * 58}" width="380" height="52" rx="6" fill="${wood}"/><rect x="110" y="${370 + i * 58}" width="380" height="12" fill="#000000" opacity=".1"/>`;
    return [160, 240, 320, 400, 460].map((x) => sprig(x, 330)).join("") + `<rect x="102" y="312" width="396" height="26" rx="6" fill="${wood}"/>` + planks;
  }
  if (/hang|macram/.test(slug)) {
    const cord = "#a88b62";
    return (
      `<circle cx="300" cy="70" r="14" fill="none" stroke="${cord}" stroke-width="6"/>` +
      `<path d="M300 84L190 330M300 84L300 330M300 84L410 330" stroke="${cord}" stroke-width="6" fill="none"/>` +
      sprig(300, 330) +
      pot(300, 320, 200, 150, pick(rng, ["#c8714e", "#5d6b73", "#8fa889", "#6f8fb3"]), false) +
      `<path d="M208 400L300 440L392 400M240 470L300 440L360 470" stroke="${cord}" stroke-width="6" fill="none"/>`
    );
  }
  const band = rng() < 0.6;
  if (variant === 2) return sprig(220, 300) + pot(220, 290, 210, 200, colour, band) + pot(430, 390, 110, 100, colour, !band);
  return sprig(300, 250) + pot(300, 240, 260, 250, colour, band);
}

function seeds(look: Look): string {
  const { rng, jitter, slug, variant } = look;
  const hue = look.tint ?? pick(rng, [355, 45, 280, 20, 200, 120]);
  const mound = `<path d="M120 520Q300 400 480 520Z" fill="#6b4a33"/>`;
  if (/bulb|tuber|garlic|onion/.test(slug)) {
    let bulbs = "";
    [[220, 455, 0.9], [380, 460, 0.85], [300, 440, 1.05]].forEach(([x, y, s]) => {
      const sprout = hsl(110, 45, 40);
      bulbs += leaf(x, y - 60 * s, -12 + between(jitter, -6, 6), 110 * s, 16, sprout, hsl(110, 45, 75));
      bulbs += leaf(x, y - 60 * s, 14 + between(jitter, -6, 6), 90 * s, 14, sprout, hsl(110, 45, 75));
      bulbs += `<path d="M${n(x)} ${n(y + 40 * s)}C${n(x - 55 * s)} ${n(y + 40 * s)} ${n(x - 50 * s)} ${n(y - 20 * s)} ${n(x)} ${n(y - 65 * s)}C${n(x + 50 * s)} ${n(y - 20 * s)} ${n(x + 55 * s)} ${n(y + 40 * s)} ${n(x)} ${n(y + 40 * s)}Z" fill="${hsl(hue, 30, 80)}"/>`;
      bulbs += `<path d="M${n(x)} ${n(y - 55 * s)}Q${n(x + 18 * s)} ${n(y)} ${n(x + 8 * s)} ${n(y + 38 * s)}" stroke="${hsl(hue, 30, 62)}" stroke-width="3" fill="none"/>`;
    });
    return mound + bulbs;
  }
  const packet = hsl(hue, 55, 70);
  let crimp = "M180 150";
  for (let x = 180; x < 420; x += 20) crimp += `L${x + 10} 138L${x + 20} 150`;
  let scatter = "";
  for (let i = 0; i < (variant === 1 ? 9 : 16); i += 1) {
    const x = between(jitter, 130, 470);
    const y = between(jitter, 505, 540);
    scatter += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="7" ry="4.5" fill="#8a6240" transform="rotate(${n(jitter() * 180)} ${n(x)} ${n(y)})"/>`;
  }
  const petals = [0, 60, 120, 180, 240, 300].map((a) => `<ellipse cx="300" cy="262" rx="16" ry="28" fill="${hsl(hue, 70, 58)}" transform="rotate(${a} 300 290)"/>`).join("");
  return (
    scatter +
    `<g transform="rotate(${variant === 1 ? 0 : 8} 300 330)">` +
    `<path d="${crimp}L420 480Q420 500 400 500L200 500Q180 500 180 480Z" fill="${packet}"/>` +
    `<rect x="180" y="150" width="240" height="30" fill="#000000" opacity=".08"/>` +
    `<circle cx="300" cy="300" r="85" fill="#ffffff" opacity=".85"/>` +
    leaf(300, 370, -30, 70, 20, hsl(115, 45, 40), hsl(115, 45, 75)) +
    leaf(300, 370, 30, 70, 20, hsl(115, 45, 40), hsl(115, 45, 75)) +
    `<path d="M300 370V300" stroke="${hsl(115, 45, 35)}" stroke-width="5"/>` +
    petals +
    `<circle cx="300" cy="290" r="13" fill="#f3c54b"/>` +
    `<rect x="215" y="420" width="170" height="36" rx="18" fill="#ffffff" opacity=".55"/></g>`
  );
}

function toolShape(kind: string, handle: string): string {
  const steel = "#b8c2cc";
  const shine = "#e3e8ee";
  const grip = `<rect x="-19" y="60" width="38" height="160" rx="19" fill="${handle}"/><rect x="-13" y="38" width="26" height="30" rx="4" fill="#8c96a0"/>`;
  if (kind === "fork") {
    return `<path d="M-38 -170V-40Q-38 0 0 0Q38 0 38 -40V-170M0 -180V0" stroke="${steel}" stroke-width="13" stroke-linecap="round" fill="none"/><rect x="-6" y="-4" width="12" height="46" fill="${steel}"/>${grip}`;
  }
  if (kind === "spade") {
    return (
      `<rect x="-48" y="-245" width="96" height="26" rx="13" fill="${handle}"/><rect x="-10" y="-230" width="20" height="280" rx="6" fill="${handle}"/>` +
      `<path d="M-55 40H55V170Q55 210 0 235Q-55 210 -55 170Z" fill="${steel}"/><path d="M-38 58H-18V190Q-30 185 -38 170Z" fill="${shine}" opacity=".8"/>`
    );
  }
  if (kind === "pruners") {
    return (
      `<path d="M-6 -30Q-70 60 -60 200" stroke="${handle}" stroke-width="30" stroke-linecap="round" fill="none"/>` +
      `<path d="M6 -30Q70 60 60 200" stroke="${handle}" stroke-width="30" stroke-linecap="round" fill="none"/>` +
      `<path d="M-4 -20C-40 -80 -30 -150 6 -190C-2 -140 4 -80 12 -30Z" fill="${steel}"/>` +
      `<path d="M4 -20C40 -70 40 -120 22 -160C20 -110 10 -70 -12 -30Z" fill="#8c96a0"/>` +
      `<circle cx="0" cy="-30" r="12" fill="#5d6770"/><circle cx="0" cy="-30" r="5" fill="${shine}"/>`
    );
  }
  return (
    `<path d="M0 -200C52 -160 64 -64 50 0L-50 0C-64 -64 -52 -160 0 -200Z" fill="${steel}"/>` +
    `<path d="M-6 -180C-30 -140 -40 -70 -30 -12L-12 -12C-20 -70 -14 -140 -6 -180Z" fill="${shine}" opacity=".8"/>` +
    `<rect x="-6" y="-4" width="12" height="46" fill="#8c96a0"/>${grip}`
  );
}

function tool(look: Look): string {
  const { rng, jitter, slug, variant } = look;
  const handle = look.tint !== null ? hsl(look.tint, 60, 48) : pick(rng, ["#b07a4f", "#3f7d5a", "#c4483d", "#2f6690", "#e0a030"]);
  const kind = /fork/.test(slug) ? "fork" : /spade|shovel/.test(slug) ? "spade" : /prun|shear|secateur/.test(slug) ? "pruners" : "trowel";
  if (variant === 2 && kind !== "spade") {
    const other = kind === "fork" ? "trowel" : "fork";
    return (
      `<g transform="translate(220 300) rotate(-22) scale(.85)">${toolShape(kind, handle)}</g>` +
      `<g transform="translate(385 310) rotate(20) scale(.8)">${toolShape(other, pick(rng, ["#b07a4f", "#3f7d5a", "#2f6690"]))}</g>`
    );
  }
  return `<g transform="translate(300 300) rotate(${n(-32 + between(jitter, -6, 6))})">${toolShape(kind, handle)}</g>`;
}

function soil(look: Look): string {
  const { rng, jitter, slug } = look;
  const hue = look.tint ?? pick(rng, [30, 110, 25, 140]);
  const body = hsl(hue, 35, hue === 30 || hue === 25 ? 55 : 38);
  const emblem = leaf(300, 350, -35, 70, 26, hsl(115, 50, 40), hsl(115, 45, 80)) + leaf(300, 350, 30, 60, 24, hsl(100, 50, 48), hsl(100, 45, 80));
  let crumbs = "";
  for (let i = 0; i < 7; i += 1) crumbs += `<circle cx="${n(between(jitter, 110, 220))}" cy="${n(between(jitter, 480, 515))}" r="${n(between(jitter, 4, 9))}" fill="#4a3324"/>`;
  const mound = `<path d="M80 525Q160 430 250 525Z" fill="#5a3d2a"/>` + crumbs + leaf(165, 470, -20, 50, 16, hsl(115, 50, 42), hsl(115, 45, 80)) + leaf(165, 470, 25, 44, 14, hsl(115, 50, 42), hsl(115, 45, 80));
  if (/liquid|feed|tonic/.test(slug)) {
    return (
      `<rect x="276" y="110" width="68" height="46" rx="8" fill="${hsl(hue + 180, 45, 45)}"/>` +
      `<path d="M262 160H358V200Q420 230 420 290V480Q420 510 390 510H230Q200 510 200 480V290Q200 230 262 200Z" fill="${body}"/>` +
      `<rect x="225" y="290" width="170" height="150" rx="18" fill="#ffffff" opacity=".85"/>` +
      emblem +
      `<path d="M385 250V470" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity=".25"/>` +
      mound
    );
  }
  let top = "M190 150";
  for (let x = 190; x < 410; x += 22) top += `L${x + 11} 138L${x + 22} 150`;
  return (
    `<path d="${top}L410 170Q440 330 425 470Q420 510 380 512H220Q180 510 175 470Q160 330 190 170Z" fill="${body}"/>` +
    `<path d="M190 168H410" stroke="#000000" stroke-width="6" opacity=".12"/>` +
    `<rect x="215" y="255" width="170" height="170" rx="85" fill="#ffffff" opacity=".85"/>` +
    emblem +
    mound
  );
}

function watering(look: Look): string {
  const { rng, jitter, slug } = look;
  const metal = /galvan|steel|zinc/.test(slug) ? "#a9b4bd" : look.tint !== null ? hsl(look.tint, 55, 55) : pick(rng, ["#3f7d5a", "#e07a5f", "#2f6690", "#e0a030", "#8fa889"]);
  const dark = "#000000";
  if (/hose|drip|irrigat/.test(slug)) {
    let coil = "";
    for (let r = 0; r < 5; r += 1) coil += `<ellipse cx="300" cy="330" rx="${150 - r * 22}" ry="${120 - r * 18}" fill="none" stroke="${metal}" stroke-width="18"/>`;
    return (
      coil +
      `<ellipse cx="300" cy="330" rx="150" ry="120" fill="none" stroke="${dark}" stroke-width="2" opacity=".15"/>` +
      `<path d="M440 360Q500 420 470 480" stroke="${metal}" stroke-width="18" fill="none" stroke-linecap="round"/>` +
      `<rect x="452" y="470" width="34" height="48" rx="8" fill="#e0a030"/>`
    );
  }
  if (/mist|spray/.test(slug)) {
    let spray = "";
    for (let i = 0; i < 8; i += 1) spray += `<circle cx="${n(between(jitter, 390, 490))}" cy="${n(between(jitter, 150, 230))}" r="${n(between(jitter, 3, 7))}" fill="#7fb3d5" opacity=".8"/>`;
    return (
      spray +
      `<path d="M290 200H370L380 180" stroke="#c9a34a" stroke-width="14" stroke-linecap="round" fill="none"/>` +
      `<rect x="275" y="190" width="30" height="90" rx="6" fill="#c9a34a"/>` +
      `<circle cx="290" cy="400" r="120" fill="${metal}" opacity=".9"/>` +
      `<path d="M215 350Q230 310 265 300" stroke="#ffffff" stroke-width="12" stroke-linecap="round" fill="none" opacity=".5"/>`
    );
  }
  let drops = "";
  for (let i = 0; i < 5; i += 1) {
    const x = 100 + i * 14 + between(jitter, -6, 6);
    const y = 320 + i * 30 + between(jitter, -8, 8);
    drops += `<path d="M${n(x)} ${n(y)}Q${n(x + 9)} ${n(y + 16)} ${n(x)} ${n(y + 20)}Q${n(x - 9)} ${n(y + 16)} ${n(x)} ${n(y)}Z" fill="#5fa8d3"/>`;
  }
  return (
    drops +
    `<path d="M240 420L130 270L150 255L262 390Z" fill="${metal}"/>` +
    `<ellipse cx="132" cy="262" rx="22" ry="30" transform="rotate(-40 132 262)" fill="${metal}"/>` +
    `<ellipse cx="132" cy="262" rx="22" ry="30" transform="rotate(-40 132 262)" fill="${dark}" opacity=".15"/>` +
    `<path d="M300 300Q360 170 440 300" stroke="${metal}" stroke-width="20" fill="none" stroke-linecap="round"/>` +
    `<path d="M220 300H440L425 500Q423 515 408 515H252Q237 515 235 500Z" fill="${metal}"/>` +
    `<path d="M380 300H440L425 500Q423 515 408 515H390Z" fill="${dark}" opacity=".1"/>` +
    `<rect x="212" y="292" width="236" height="22" rx="8" fill="${metal}"/>` +
    `<rect x="212" y="292" width="236" height="22" rx="8" fill="${dark}" opacity=".12"/>`
  );
}

const SCENES: Record<Kind, (look: Look) => string> = {
  foliage,
  tree,
  succulent,
  herb,
  flower,
  pot: planter,
  seed: seeds,
  tool,
  soil,
  water: watering,
};

/** A 600x600 SVG picture for a product: same slug, category and variant, same picture. */
export function plantArt(slug: string, category: string, variant: 1 | 2): string {
  const kind = kindOf(category);
  const seed = hash(slug);
  const look: Look = { slug, rng: mulberry32(seed), jitter: mulberry32(seed ^ (variant * 0x9e3779b9)), variant, tint: tintOf(slug) };
  const [h, s, l] = BACKDROP[kind];
  const hueShift = ((seed % 21) - 10) * 1.5;
  const backdrop = hsl(h + hueShift, s, l);
  const accent = hsl(h + hueShift, s, l - 6);
  const deco = hsl(h + hueShift, s - 5, l - 3);
  // Picture 2 is the "other photo": a different frame and the subject seen mirrored and a little closer.
  const frame =
    variant === 1
      ? `<circle cx="300" cy="290" r="215" fill="${accent}"/>` +
        leaf(40, 600, 35, 200, 60, deco, deco) +
        leaf(600, 90, -140, 170, 50, deco, deco)
      : `<path d="M110 560V270A190 190 0 0 1 490 270V560Z" fill="${accent}"/>` +
        [[70, 90], [120, 60], [520, 110], [540, 480], [60, 420], [480, 60]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${deco}"/>`).join("");
  const subject = SCENES[kind](look);
  const placed = variant === 1 ? subject : `<g transform="translate(300 310) scale(-1.06 1.06) translate(-300 -310)">${subject}</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_SIZE}" height="${ART_SIZE}" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}">` +
    `<rect width="${ART_SIZE}" height="${ART_SIZE}" fill="${backdrop}"/>` +
    frame +
    `<ellipse cx="300" cy="528" rx="170" ry="16" fill="#000000" opacity=".1"/>` +
    placed +
    `</svg>\n`
  );
}
