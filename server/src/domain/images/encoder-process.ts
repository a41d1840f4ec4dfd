// Renditions made off the request path run in a child process at the lowest CPU priority (nice 19): a
// large AVIF takes seconds of both cores, and this way it only ever uses what requests leave idle. The
// child also keeps libvips' decoders (fed with uploaded files) out of the shop's own process: a crash
// there fails one picture, not the shop. Started on first use, ended after a minute with nothing to do.
import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PictureEncoder, PictureJob, PictureWork } from "./processing.js";

// The child is written in the language this file runs as: TypeScript under tsx, or the JavaScript of server/dist
// (scripts/build-server.mjs), which needs no loader.
const OWN_FILE = fileURLToPath(import.meta.url);
const CHILD = path.join(path.dirname(OWN_FILE), `encoder-child${path.extname(OWN_FILE)}`);
/** tsx's loader by its own path: `--import tsx` would be looked up from whatever folder the shop runs in. */
const LOADER = CHILD.endsWith(".ts") ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href] : [];
const IDLE_MS = 60_000;
const LOWEST_PRIORITY = 19;

export function lowPriorityEncoder(): PictureEncoder {
  let child: ChildProcess | null = null;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const waiting = new Map<number, { resolve: (work: PictureWork) => void; reject: (error: Error) => void }>();

  const failAll = (reason: string) => {
    for (const { reject } of waiting.values()) reject(new Error(reason));
    waiting.clear();
  };

  function start(): ChildProcess {
    // Through tsx when the shop runs TypeScript through it. Buffers cross as they are ("advanced").
    const started = fork(CHILD, [], { execArgv: LOADER, serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
    try {
      if (started.pid) os.setPriority(started.pid, LOWEST_PRIORITY);
    } catch {
      // Not allowed to lower it (some containers): it still runs, at normal priority.
    }
    started.on("message", (message: { id: number; work?: PictureWork; error?: string }) => {
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.work) {
        const work = message.work;
        // Structured clone hands Buffers over as Uint8Arrays.
        pending.resolve({
          ...work,
          stripped: work.stripped ? Buffer.from(work.stripped) : null,
          renditions: work.renditions.map((rendition) => ({ ...rendition, data: Buffer.from(rendition.data) })),
        });
      } else pending.reject(new Error(message.error ?? "the renditions process failed"));
    });
    started.on("exit", (code, signal) => {
      if (child === started) child = null;
      failAll(`the renditions process stopped (${signal ?? code})`);
    });
    return started;
  }

  return {
    makePicture(bytes: Uint8Array, job: PictureJob): Promise<PictureWork> {
      // Closed for a shutdown: no new process is started behind the shop's back.
      if (closed) return Promise.reject(new Error("the renditions process is closed"));
      if (idleTimer) clearTimeout(idleTimer);
      child ??= start();
      const id = (nextId += 1);
      const running = child;
      return new Promise<PictureWork>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        running.send({ id, bytes, job });
      }).finally(() => {
        if (waiting.size === 0) {
          idleTimer = setTimeout(() => {
            child?.kill();
            child = null;
          }, IDLE_MS);
          idleTimer.unref();
        }
      });
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const running = child;
      child = null;
      if (running && running.exitCode === null) {
        await new Promise<void>((resolve) => {
          running.once("exit", () => resolve());
          running.kill();
        });
      }
    },
  };
}
