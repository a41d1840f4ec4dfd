// The server as JavaScript for production: every file of server/src transpiled one by one to server/dist
// (same folders, `.js`), with the transform tsx applies at run time (esbuild, the server's tsconfig, names
// kept), so the code that runs is the code tests run under tsx. `npm start` with NODE_ENV=production runs
// it (building it first when server/src changed since); the Dockerfile builds it into the image.
//
// Why not tsx in production: tsx's loader runs in a thread of its own, with esbuild in a worker thread and
// a child process, and turns source maps on for every module; measured from outside, one worker at rest
// held about 150 MB more (npm run bench:memory; docs/operations.md, "Memory per worker").
//
// server/dist sits beside server/src at the same depth, so paths the code finds from its own place
// (../../../client/dist, ../../../prisma/migrations) and the server's node_modules resolve the same.
//   node scripts/build-server.mjs             build now
//   node scripts/build-server.mjs <folder>    build into server/<folder> instead (a test's own build, beside
//                                             server/src so the same relative paths hold)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../server");
const sources = path.join(server, "src");
export const SERVER_DIST = path.join(server, "dist");
/** Written last: a build cut short leaves no stamp, and the next start builds again. */
const stamp = path.join(SERVER_DIST, ".built");

function tsFiles(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const newest = (files) => Math.max(0, ...files.map((file) => fs.statSync(file).mtimeMs));

/** Whether server/dist is missing or older than a file of server/src (or the tsconfig it was built with). */
export function serverBuildStale() {
  if (!fs.existsSync(stamp)) return true;
  return newest([...tsFiles(sources), path.join(server, "tsconfig.json")]) > fs.statSync(stamp).mtimeMs;
}

export async function buildServer(target = SERVER_DIST) {
  const { build } = await import("esbuild");
  // Built aside and moved into place, so a process starting meanwhile never sees half a build.
  const scratch = `${target}.building-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  await build({
    entryPoints: tsFiles(sources),
    outbase: sources,
    outdir: scratch,
    bundle: false,
    format: "esm",
    platform: "node",
    target: "node20",
    keepNames: true,
    tsconfig: path.join(server, "tsconfig.json"),
    logLevel: "warning",
  });
  fs.writeFileSync(path.join(scratch, ".built"), `${new Date().toISOString()}\n`);
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(scratch, target);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = Date.now();
  const folder = process.argv[2];
  if (folder !== undefined && !/^dist\.[\w-]+$/.test(folder)) {
    console.error(`The folder must be named dist.<name> (beside server/dist), not ${folder}.`);
    process.exit(2);
  }
  await buildServer(folder ? path.join(server, folder) : SERVER_DIST);
  console.log(`Built server/${folder ?? "dist"} in ${Date.now() - started} ms.`);
}
