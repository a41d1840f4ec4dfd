// ESLint for the whole repository (npm run lint). Besides the usual TypeScript and React hooks checks it
// enforces the shape of the house (../shared/ARCHITECTURE.md): imports point inward, no feature imports
// another feature, and no module cycles. `.mjs` because the root package is CommonJS and this file is ESM.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Paths are taken from this file's folder, so `npx eslint src` inside a workspace checks the same rules.
const root = import.meta.dirname;
const server = "server/src";
const client = "client/src";

/** A zone of import-x/no-restricted-paths: files under `target` may not import from `from`. */
const forbid = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

// Server: http (the express app) wires graphql and rest; graphql and rest are thin adapters over domain;
// delivery (the outbox runner and its deliverers) sends what domain wrote to the outbox;
// db implements what domain declares (the Prisma client factory, the event bus, the seed) and may use
// domain's rules, so domain must never import db; storage likewise implements domain's image store (a
// folder, an S3 bucket). config and main sit on top and are imported only by main, http and storage.
const serverZones = [
  forbid(`${server}/domain`, [`${server}/graphql`, `${server}/rest`, `${server}/http`, `${server}/db`, `${server}/storage`, `${server}/delivery`, `${server}/config.ts`, `${server}/main.ts`],
    "domain/ holds the shop's rules: it imports no transport (graphql, rest, http, delivery), no db or storage module and no config."),
  forbid(`${server}/storage`, [`${server}/graphql`, `${server}/rest`, `${server}/http`, `${server}/db`, `${server}/delivery`, `${server}/main.ts`],
    "storage/ keeps the bytes of pictures for domain/: it imports no transport and no db module."),
  forbid(`${server}/graphql`, [`${server}/storage`], "graphql/ reaches pictures through domain/, never a store directly."),
  forbid(`${server}/rest`, [`${server}/storage`], "rest/ reaches pictures through domain/, never a store directly."),
  // delivery/ sends the outbox's messages (webhooks, email): it reads domain/ (and graphql/ to show objects
  // as the API does), and is started by main.ts; nothing below it imports it.
  forbid(`${server}/delivery`, [`${server}/rest`, `${server}/http`, `${server}/main.ts`],
    "delivery/ sits beside the adapters: it may use domain/, db/ and graphql/, never rest, http or main."),
  forbid(`${server}/graphql`, [`${server}/delivery`], "graphql/ does not import delivery/: main.ts wires the outbox runner."),
  forbid(`${server}/db`, [`${server}/graphql`, `${server}/rest`, `${server}/http`, `${server}/main.ts`],
    "db/ sits under the adapters: it may use domain/, never graphql, rest or http."),
  forbid(`${server}/graphql`, [`${server}/rest`, `${server}/http`, `${server}/main.ts`],
    "graphql/ is an adapter over domain/: it does not import the REST shim or the express app."),
  forbid(`${server}/rest`, [`${server}/graphql`, `${server}/http`, `${server}/main.ts`],
    "rest/ is an adapter over domain/: it does not import GraphQL or the express app."),
  forbid(`${server}/http`, [`${server}/main.ts`], "Only the process entry imports main.ts."),
];

// The domain's rooms (server/src/domain/<room>/): each has an index.ts, its public surface. Other folders (the
// adapters, the other rooms, the seed and the benches) import a room only through it, so a room's other
// files can change without reaching past its door. Tests may look inside the room they pin.
const domain = `${server}/domain`;
const rooms = readdirSync(`${root}/${domain}`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const outsideDomain = readdirSync(`${root}/${server}`).filter((name) => name !== "domain" && name !== "generated").map((name) => `${server}/${name}`);
const domainFiles = readdirSync(`${root}/${domain}`, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => `${domain}/${entry.name}`);
const roomZones = rooms.map((room) =>
  forbid(
    [...outsideDomain, ...domainFiles, ...rooms.filter((other) => other !== room).map((other) => `${domain}/${other}`), "server/seed", "server/bench"],
    `${domain}/${room}`,
    `Import the ${room} room through its door, domain/${room}/index.ts: export what you need from there.`,
    ["./index.ts"],
  ),
);

// Client: app -> features -> components -> lib; features share through components/ and lib/ only.
const features = readdirSync(`${root}/${client}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientZones = [
  forbid(`${client}/lib`, [`${client}/app`, `${client}/features`, `${client}/components`],
    "lib/ is the bottom layer: it imports nothing from app, features or components."),
  forbid(`${client}/components`, [`${client}/app`, `${client}/features`],
    "components/ are shared UI: they import lib/, never a feature or the app."),
  forbid(`${client}/features`, [`${client}/app`], "Features do not import the app shell; the app imports features."),
  ...features.map((feature) =>
    forbid(`${client}/features/${feature}`, `${client}/features`,
      `The ${feature} feature imports no other feature: share through components/ or lib/.`, [`./${feature}`]),
  ),
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "server/dist.*/**",
      "**/dist-server/**",
      "server/src/generated/**",
      "client/src/graphql/generated/**",
      "coverage/**",
      "data/**",
      "uploads/**",
      "server/data/**",
      "e2e/artifacts/**",
      // StrykerJS's sandboxes (npm run test:mutation) and reports.
      ".stryker-tmp/**",
      "server/reports/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { "import-x": importX },
    settings: {
      // The extensions and parser let import-x read TypeScript modules when it follows imports (no-cycle).
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["server/tsconfig.json", "client/tsconfig.app.json", "client/tsconfig.node.json", "e2e/tsconfig.json"].map((file) => `${root}/${file}`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: [...serverZones, ...roomZones, ...clientZones] }],
    },
  },
  {
    // A room's file that outgrows 450 lines holds more than one idea: split it where the ideas part.
    files: [`${domain}/**/*.ts`],
    rules: { "max-lines": ["error", { max: 450 }] },
  },
  {
    // GraphQL object types resolve their plain fields with graphql's default resolver (simpleResolvers):
    // type-graphql's own wrapper would run for every field of every item, and graphql-jit reads a default
    // field inline (the catalogue's lists: npm run bench:api). The shop uses no type-graphql middlewares
    // or auth checker that the wrapper exists for; getters and @FieldResolver methods keep theirs.
    files: ["server/src/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Decorator > CallExpression[callee.name='ObjectType']:not(:has(Property[key.name='simpleResolvers']))",
          message: "Give @ObjectType { simpleResolvers: true } (see eslint.config.mjs).",
        },
      ],
    },
  },
  {
    // Tests and benchmarks read the wire's JSON answers loosely (`answer.data.products.nodes[0]`): the
    // answers' shapes are what the assertions check, so typing them would only restate the assertions.
    files: ["server/test/**/*.ts", "server/bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["client/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat["recommended-latest"],
  },
);
