// One worker process per core behind one port (WEB_CONCURRENCY > 1), with node:cluster: the primary
// process prepares the database once, then forks the workers; they share the listening socket and the
// kernel gives each new connection to a worker that accepts it. A worker that dies is replaced; SIGTERM or
// SIGINT is passed to every worker, each drains its own requests and sockets (see main.ts), and the
// primary exits when the last one has.
//
// Why the kernel and not node's round-robin (its default on Linux): there the primary accepts every
// connection and passes it to a worker over IPC; one passed to a worker that is killed before taking it
// stays open in the primary, unanswered and never reset (measured: 2 requests left hanging for seconds in
// 4 kill -9s under load). With the kernel balancing, a connection is either accepted by a live worker or
// waits in the shared queue for one; a worker's death resets only its own (restarts.pg.test.ts).
import cluster, { type Worker } from "node:cluster";
import { answerWorkersMetrics } from "../metrics.js";

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

    cluster.schedulingPolicy = cluster.SCHED_NONE;
    answerWorkersMetrics();
    for (let index = 0; index < count; index += 1) cluster.fork();
  });
}
