// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressFolder } from "./precompress";

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("Build: text files are precompressed beside themselves, images are not", () => {
  it("writes .br and .gz copies that decompress to the original, for text files of 1 KB or more", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompress-"));
    fs.mkdirSync(path.join(dir, "assets"));
    const script = `console.log(${JSON.stringify("a plant shop ".repeat(400))});\n`;
    fs.writeFileSync(path.join(dir, "assets", "index-abc123.js"), script);
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>tiny</title>");
    fs.writeFileSync(path.join(dir, "assets", "photo-abc123.png"), Buffer.alloc(5000, 1));

    const done = precompressFolder(dir);

    expect(done.map((file) => file.file)).toEqual([path.join("assets", "index-abc123.js")]);
    const file = path.join(dir, "assets", "index-abc123.js");
    expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(script.length / 10);
    // Too small to gain, or an image: no copies.
    for (const name of ["index.html", "assets/photo-abc123.png"]) {
      expect(fs.existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(fs.existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });
});
