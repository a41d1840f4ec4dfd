import sharp from "sharp";
const upright = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#ffffff" } })
    .composite([{ input: { create: { width: 1200, height: 450, channels: 3, background: "#2f7d32" } }, top: 0, left: 0 }])
    .raw().toBuffer({ resolveWithObject: true });
const photo = await sharp(upright.data, { raw: upright.info }).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
console.log(await sharp(photo).metadata().then(m => [m.width, m.height, m.orientation]));
const stored = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
const px = (x: number, y: number) => [...stored.data.subarray((y * stored.info.width + x) * 3, (y * stored.info.width + x) * 3 + 3)];
console.log("stored left-top", px(10, 10), "stored right-top", px(880, 10));
const up = await sharp(photo).rotate().raw().toBuffer({ resolveWithObject: true });
const p2 = (x: number, y: number) => [...up.data.subarray((y * up.info.width + x) * 3, (y * up.info.width + x) * 3 + 3)];
console.log(up.info.width, up.info.height, "upright top", p2(600, 10), "bottom", p2(600, 880));
