// The embedded database (PGlite) serves one process at a time: an operator's script (npm run images:rebuild,
// npm run catalogue:export) must not open it while the shop runs on it. The shop answers /healthz when it runs.
export async function shopIsRunning(host: string, port: number): Promise<boolean> {
  try {
    const answer = await fetch(`http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return answer.ok;
  } catch {
    return false;
  }
}
