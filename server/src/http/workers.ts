// One worker process per core behind one port (WEB_CONCURRENCY > 1), with node:cluster: the primary
// process prepares the database once, then forks the workers; they share the listening port (the primary
// hands each new connection to the next worker in turn). A worker that dies is replaced; SIGTERM or
// SIGINT is passed to every worker, each drains its own requests and sockets (see main.ts), and the
// primary exits when the last one has.
import cluster, { type Worker } from "node:cluster";

export class WorkersStartError extends Error {}

const liveWorkers = (): Worker[] => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

/** Forks `count` workers; resolves with the port once every one of them is listening. Primary only. */
export function startWorkers(count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let ready = false;
    let stopping = false;
    let failed = false;
    const listening = new Set<number>();

    cluster.on("listening", (worker, address) => {
      listening.add(worker.id);
      if (!ready && listening.size === count) {
        ready = true;
        resolve(address.port);
      }
    });

    cluster.on("exit", (worker, code, signal) => {
      if (!stopping && ready) {
        console.error(`Worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another.`);
        cluster.fork();
        return;
      }
      if (!stopping) {
        // A worker that cannot start (it printed why) would fail again: stop them all.
        stopping = true;
        for (const other of liveWorkers()) other.process.kill("SIGTERM");
        reject(new WorkersStartError(`a worker stopped before serving (exit code ${code ?? signal}); see its message above.`));
        return;
      }
      if (code !== 0) failed = true;
      if (liveWorkers().length === 0) process.exit(failed ? 1 : 0);
    });

    const stopAll = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received: every worker finishes its in-flight requests, then closes.`);
      for (const worker of liveWorkers()) worker.process.kill("SIGTERM");
      if (liveWorkers().length === 0) process.exit(0);
    };
    process.on("SIGTERM", () => stopAll("SIGTERM"));
    process.on("SIGINT", () => stopAll("SIGINT"));

    for (let index = 0; index < count; index += 1) cluster.fork();
  });
}
