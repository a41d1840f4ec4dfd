// `npm run dev`: the API with reload on http://localhost:4000 and Vite on http://localhost:5173, whose
// dev server proxies /graphql, /public and /uploads to the API. Ctrl-C stops both.
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "-w", "server"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "client"], { stdio: "inherit" }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) child.on("exit", (code) => { stop("SIGTERM"); process.exitCode = code ?? 0; });
