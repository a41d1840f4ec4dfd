// An S3-compatible server for tests: s3rver (from the registry), started by the test on a free local port
// with its files in a temporary folder, and the settings the shop reads to use it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../src/config.js";

export interface TestBucket {
  endpoint: string;
  /** The S3_* variables for a shop process. */
  env: Record<string, string>;
  config: S3Config;
  close(): Promise<void>;
}

/** s3rver accepts any signature made with these. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startTestBucket(bucket = "verdant-pictures"): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    config: { bucket, region: "us-east-1", endpoint, forcePathStyle: true, ...CREDENTIALS },
    env: { S3_BUCKET: bucket, S3_REGION: "us-east-1", S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
