// Authors a migration offline (prisma migrate dev cannot run with the JS engine, see shared/STACK.md):
// diff the committed schema against the working one and write the SQL into a new migration folder.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("Usage: npm run db:migration -- <name>");
  process.exit(1);
}
const previous = path.join(os.tmpdir(), `previous-${process.pid}.prisma`);
fs.writeFileSync(previous, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { encoding: "utf8" }));
const sql = execFileSync(
  "npx",
  ["prisma", "migrate", "diff", "--from-schema-datamodel", previous, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { encoding: "utf8" },
);
if (!/\S/.test(sql.replace(/^--.*$/gm, ""))) {
  console.log("prisma/schema.prisma has no change against HEAD: no migration written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const folder = path.join("prisma", "migrations", `${stamp}_${name}`);
fs.mkdirSync(folder, { recursive: true });
fs.writeFileSync(path.join(folder, "migration.sql"), sql);
console.log(`Wrote ${folder}/migration.sql — review it, then commit it with the schema change.`);
