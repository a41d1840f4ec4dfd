import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { printShopSchema } from "./schema.js";

export const schemaFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../schema.graphql");

fs.writeFileSync(schemaFile, await printShopSchema());
console.log(`Wrote ${path.relative(process.cwd(), schemaFile)}`);
