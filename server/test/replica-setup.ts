// vitest globalSetup of the `replica` project: starts a test primary and its streaming replica
// (scripts/test-replica.sh, ports 5442/5443 and folders under /tmp) before its tests, stops them after.
import { execFileSync } from "node:child_process";
import path from "node:path";

const script = path.resolve(import.meta.dirname, "../../scripts/test-replica.sh");

export function setup(): () => void {
  execFileSync(script, ["start"], { stdio: "inherit" });
  return () => execFileSync(script, ["stop"], { stdio: "inherit" });
}
