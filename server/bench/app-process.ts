// The real app in a child process for the benchmarks (bench/serve.ts in production mode, the built client
// and an uploads folder of the bench's own); resolves with the port it listens on.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);

export function startAppProcess(options: {
  url: string;
  schema: string;
  uploadsDir: string;
  clientDist: string;
  /** More than 1: the app in that many worker processes on one port (serve.ts app-workers). */
  workers?: number;
}): Promise<{ child: ChildProcess; port: number }> {
  const workers = options.workers ?? 1;
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, "serve.ts"), [workers > 1 ? "app-workers" : "app", options.url, options.schema], {
      // BENCH_NODE_ARGS: more flags for the app's node, e.g. "--cpu-prof --cpu-prof-dir=bench/profiles".
      execArgv: ["--max-semi-space-size=32", ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, BENCH_WORKERS: String(workers), NODE_ENV: "production", BENCH_UPLOADS_DIR: options.uploadsDir, BENCH_CLIENT_DIST: options.clientDist },
    });
    child.once("message", (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`the app server exited with ${code}`)));
  });
}
