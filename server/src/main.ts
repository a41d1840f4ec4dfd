// Process entry: read config, open the database, apply migrations, seed an empty one, serve, and shut
// down cleanly on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the database).
import "reflect-metadata";
import { ConfigError, DEMO_ADMIN_PASSWORD, jwtSecretFor, loadConfig } from "./config.js";
import { openDatabase, DatabaseOpenError } from "./db/client.js";
import { DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD, seedDatabase } from "./db/seed.js";
import { createShop } from "./domain/shop.js";
import { createApp, UPLOADS_URL_PATH } from "./http/app.js";
import { createLogger } from "./http/logging.js";
import { createHttpServer } from "./http/server.js";

async function main(): Promise<void> {
  // npm runs this in server/; relative paths (DATA_DIR, UPLOADS_DIR) mean where the user typed `npm start`.
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const jwtSecret = config.jwtSecret ?? jwtSecretFor(config.dataDir);
  const logger = createLogger(config.logLevel);
  const onEventError = (message: string, error: unknown) => logger.error({ err: error }, message);
  const db = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, onEventError }
      : { kind: "pglite", dataDir: config.dataDir, onEventError },
  );
  const applied = await db.migrate();
  if (applied.length > 0) console.log(`Applied ${applied.length} migration(s): ${applied.join(", ")}`);

  const seeded = await seedDatabase(db.prisma, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demo: config.seedDemo,
    uploadsDir: config.uploadsDir,
    uploadsUrlPath: UPLOADS_URL_PATH,
  });
  if (seeded.demoSeeded) console.log("Seeded the demo catalogue, shopper and past orders.");

  const shop = createShop(db.prisma, {
    jwtSecret,
    tokenTtlSeconds: config.tokenTtlSeconds,
    uploadsDir: config.uploadsDir,
    uploadsUrlPath: UPLOADS_URL_PATH,
    events: db.events,
    readRows: db.readRows,
  });
  const { app, serveLive, stop } = await createApp({ ...config, logger }, shop, db);
  const server = createHttpServer(app);
  const live = serveLive(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const url = `http://${shownHost}:${port}`;
  const lines = [
    "",
    `Verdant plant shop is running on ${db.kind === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL"}.`,
    `  Shop:            ${url}/`,
    `  GraphQL/Sandbox: ${url}/graphql`,
    `  Admin login:     ${config.adminEmail} / ${config.adminPassword === DEMO_ADMIN_PASSWORD ? DEMO_ADMIN_PASSWORD : "(the ADMIN_PASSWORD you set)"}`,
  ];
  if (config.seedDemo) lines.push(`  Shopper login:   ${DEMO_SHOPPER_EMAIL} / ${DEMO_SHOPPER_PASSWORD}`);
  if (!config.jwtSecret) lines.push(`  Tokens signed with the secret generated in ${config.dataDir}/jwt-secret (set JWT_SECRET to choose one).`);
  console.log(lines.join("\n") + "\n");

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests, then closing.`);
    // Idle keep-alive sockets would hold close() open; in-flight requests are allowed to finish.
    server.closeIdleConnections();
    // WebSockets are told the server is going away (1001), so their clients reconnect to another replica.
    void live.close().catch(() => undefined);
    const force = setTimeout(() => server.closeAllConnections(), 10_000).unref();
    server.close(async () => {
      clearTimeout(force);
      await stop().catch(() => undefined);
      await db.close().catch(() => undefined);
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) {
    console.error(`Cannot start: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException)?.code === "EADDRINUSE") {
    console.error(`Cannot start: the port is already in use. Set PORT to a free port.`);
  } else {
    console.error("Cannot start:", error);
  }
  process.exit(1);
});
