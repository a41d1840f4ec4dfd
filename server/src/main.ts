// Process entry: read config, open the database, apply migrations, seed an empty one, serve, and shut
// down cleanly on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the database).
// With WEB_CONCURRENCY > 1 on PostgreSQL this process prepares the database once and then runs that many
// worker processes on the same port (http/workers.ts); each worker serves as a single process would.
import "reflect-metadata";
import cluster from "node:cluster";
import path from "node:path";
import { ConfigError, DEMO_ADMIN_PASSWORD, jwtSecretFor, loadConfig, type Config } from "./config.js";
import { DatabaseOpenError, openDatabase, type Database } from "./db/client.js";
import { ensureAdmin } from "./db/admin.js";
import { lowPriorityEncoder, type ImageStore } from "./domain/images/index.js";
import { createShop } from "./domain/shop.js";
import { OutboxRunner } from "./delivery/outbox-runner.js";
import { startPaymentSweeper } from "./payments/sweeper.js";
import { stripePayments } from "./payments/stripe-payments.js";
import { createWebhookDeliverer, WEBHOOK_CHANNEL } from "./delivery/webhooks.js";
import { buildShopSchema } from "./graphql/schema.js";
import { createApp } from "./http/app.js";
import { createLogger } from "./http/logging.js";
import { createHttpServer, drainHttpServer } from "./http/server.js";
import { startWorkers, WorkersStartError } from "./http/workers.js";
import { createImageStore, S3ImageStore } from "./storage/index.js";
import { DevMailbox } from "./delivery/email/dev-mailbox.js";
import { createEmailDeliverer } from "./delivery/email/deliverer.js";
import { createMailTransport, smtpHost } from "./delivery/email/transport.js";
import { DEV_MAIL_PATH } from "./http/dev-mail.js";
import { EMAIL_CHANNEL } from "./domain/messaging/index.js";

type Logger = ReturnType<typeof createLogger>;

function open(config: Config, logger: Logger): Promise<Database> {
  const onEventError = (message: string, error: unknown) => logger.error({ err: error }, message);
  return openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, onEventError }
      : { kind: "pglite", dataDir: config.dataDir, onEventError },
  );
}

interface DemoShopper {
  email: string;
  password: string;
}

/**
 * Migrations, the initial admin and, when asked, the demo shop: once per start, before anything serves.
 * Answers the demo shopper's login when the demo is on.
 */
async function prepare(config: Config, db: Database, imageStore: ImageStore): Promise<DemoShopper | null> {
  const applied = await db.migrate();
  if (applied.length > 0) console.log(`Applied ${applied.length} migration(s): ${applied.join(", ")}`);

  await ensureAdmin(db.prisma, config.adminEmail, config.adminPassword);
  // The demo shop (and its picture generator) is seed-only code, loaded only when the demo is asked for;
  // production configs never ask (config.ts), so a production process never loads it.
  if (!config.seedDemo) return null;
  const demo = await import("../seed/demo-shop.js");
  const seeded = await demo.seedDatabase(db.prisma, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demo: true,
    variants: config.seedVariants,
    promotions: config.seedPromotions,
    taxes: config.seedTaxes,
    imageStore,
  });
  if (seeded.demoSeeded) console.log("Seeded the demo catalogue, shopper and past orders.");
  return { email: demo.DEMO_SHOPPER_EMAIL, password: demo.DEMO_SHOPPER_PASSWORD };
}

/** Serves the shop on the configured port until SIGTERM/SIGINT; answers the port it listens on. */
async function serve(config: Config, db: Database, jwtSecret: string, logger: Logger): Promise<number> {
  // Links in emails and the payment page's way back point at PUBLIC_URL, or else at the address the shop listens on (known once it listens).
  let listened: (url: string) => void = () => undefined;
  const listeningUrl = new Promise<string>((resolve) => (listened = resolve));
  const shopUrl = () => config.email.publicUrl ?? listeningUrl;
  const shop = createShop(db.prisma, {
    jwtSecret,
    tokenTtlSeconds: config.tokenTtlSeconds,
    imageStore: createImageStore(config),
    // AVIF renditions, and every rendition of pictures stored before they existed, are made by a
    // low-priority child process, so they never slow the shop's answers.
    imageEncoder: lowPriorityEncoder(),
    log: logger,
    events: db.events,
    readRows: db.readRows,
    searchRows: db.searchRows,
    webhookSafety: config.webhookSafety,
    searchIndex: config.searchIndex,
    activityRetentionDays: config.activityRetentionDays,
    payments:
      config.payments.provider === "stripe"
        ? { provider: stripePayments(config.payments), settings: { holdMinutes: config.payments.holdMinutes, reconcileAfterSeconds: config.payments.reconcileAfterSeconds, shopUrl }, log: logger }
        : undefined,
  });
  // Without SMTP_URL outside production, emails go to the development mailbox (/dev/mail).
  const mailbox = usesDevMailbox(config) ? new DevMailbox(path.join(config.dataDir, "dev-mail")) : null;
  const mailTransport = createMailTransport(config.email, mailbox);
  const { app, serveLive, drain, stop } = await createApp({ ...config, publicUrl: config.email.publicUrl, logger, devMailbox: mailbox }, shop, db);
  const server = createHttpServer(app);
  const live = serveLive(server);
  // Every worker process sends the outbox's messages; SKIP LOCKED keeps them from sending one twice.
  const outbox = new OutboxRunner({ prisma: db.prisma, events: db.events, logger });
  // Deliverers, one per channel, are registered here (webhooks, email) before the runner starts.
  outbox.register(
    WEBHOOK_CHANNEL,
    createWebhookDeliverer({ prisma: db.prisma, schema: await buildShopSchema(), images: shop.images, safety: config.webhookSafety, timeoutMs: config.webhookTimeoutSeconds * 1000, logger }),
  );
  outbox.register(EMAIL_CHANNEL, createEmailDeliverer({ emails: shop.emails, transport: mailTransport, shopUrl }));
  outbox.start();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const listening = server.address();
  listened(shopAddress(config, typeof listening === "object" && listening ? listening.port : config.port));
  // Payments taken on Stripe's page: every process settles those whose news is late and releases those whose time ran out.
  const sweeper = config.payments.provider === "stripe" ? startPaymentSweeper(shop, config.payments.sweepSeconds, logger) : null;
  // The audit trail keeps an entry for ACTIVITY_RETENTION_DAYS: every process prunes hourly (a delete is the same whoever runs it).
  const pruneActivity = () =>
    void shop.activity.prune().then(
      (removed) => removed > 0 && logger.info({ removed }, "Removed audit trail entries past their retention period."),
      (error: unknown) => logger.error({ err: error }, "Could not prune the audit trail; it tries again in an hour."),
    );
  pruneActivity();
  const activityPruner = setInterval(pruneActivity, 3600_000).unref();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests, then closing.`);
    drain();
    // WebSockets are told the server is going away (1001), so their clients reconnect to another replica.
    void live.close().catch(() => undefined);
    // A request that has not finished in 10 s (a stalled upload, say) is cut rather than holding the restart.
    const force = setTimeout(() => server.closeAllConnections(), 10_000).unref();
    drainHttpServer(server, async () => {
      clearTimeout(force);
      await stop().catch(() => undefined);
      await shop.images.renditions.stop().catch(() => undefined);
      // Claims no more messages and lets the attempts in flight finish (each within its timeout).
      await outbox.stop().catch(() => undefined);
      await sweeper?.stop().catch(() => undefined);
      clearInterval(activityPruner);
      mailTransport.close();
      await db.close().catch(() => undefined);
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  // Pictures that lack renditions (stored before they existed, or whose AVIF was not made yet) get them
  // now, in the background: the shop serves meanwhile (their stored file, then each rendition as it comes).
  shop.images.renditions.start();

  return typeof listening === "object" && listening ? listening.port : config.port;
}

/** Emails go to the development mailbox: email on, no SMTP_URL, not production. */
const usesDevMailbox = (config: Config) => config.email.enabled && !config.email.smtpUrl && config.env !== "production";

/** The address the shop listens on, as a browser on this machine reaches it. */
function shopAddress(config: Config, port: number): string {
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  return `http://${shownHost}:${port}`;
}

/** Where the shop's emails go, for the start banner. */
function emailLine(config: Config, url: string): string {
  if (!config.email.enabled) return "off (EMAIL_ENABLED=false): emails are recorded, none is sent";
  if (config.email.smtpUrl) return `sent through ${smtpHost(config.email.smtpUrl)} from ${config.email.from}`;
  return `not sent: read them in the development mailbox, ${url}${DEV_MAIL_PATH} (set SMTP_URL to send them)`;
}

function printBanner(config: Config, kind: Database["kind"], port: number, workers: number, demoShopper: DemoShopper | null): void {
  const url = shopAddress(config, port);
  const lines = [
    "",
    `Verdant plant shop is running on ${kind === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL"}.`,
    `  Shop:            ${url}/`,
    // Sandbox is offered only where it is served (introspection on: development by default).
    config.introspection ? `  GraphQL/Sandbox: ${url}/graphql` : `  GraphQL:         ${url}/graphql (introspection and Sandbox off)`,
    `  Admin login:     ${config.adminEmail} / ${config.adminPassword === DEMO_ADMIN_PASSWORD ? DEMO_ADMIN_PASSWORD : "(the ADMIN_PASSWORD you set)"}`,
  ];
  if (demoShopper) lines.push(`  Shopper login:   ${demoShopper.email} / ${demoShopper.password}`);
  lines.push(`  Emails:          ${emailLine(config, url)}`);
  if (!config.jwtSecret) lines.push(`  Tokens signed with the secret generated in ${config.dataDir}/jwt-secret (set JWT_SECRET to choose one).`);
  if (workers > 1) lines.push(`  Workers:         ${workers} processes on one port (WEB_CONCURRENCY).`);
  console.log(lines.join("\n") + "\n");
}

async function main(): Promise<void> {
  // npm runs this in server/; relative paths (DATA_DIR, UPLOADS_DIR) mean where the user typed `npm start`.
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const jwtSecret = config.jwtSecret ?? jwtSecretFor(config.dataDir);
  const logger = createLogger(config.logLevel);

  if (cluster.isWorker) {
    // The primary already migrated and seeded.
    await serve(config, await open(config, logger), jwtSecret, logger);
    return;
  }

  // The embedded database lives in this one process: it cannot be shared by workers.
  const workers = config.databaseUrl ? config.webConcurrency : 1;
  if (!config.databaseUrl && config.webConcurrency > 1) {
    console.log(`WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded database serves one process, so the shop runs one worker. Set DATABASE_URL to PostgreSQL to run several.`);
  }
  const imageStore = createImageStore(config);
  if (imageStore instanceof S3ImageStore) {
    await imageStore.check().catch((error: unknown) => {
      throw new ConfigError(`the S3 bucket "${config.s3!.bucket}" does not answer (${(error as Error).message}). Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials.`);
    });
  }
  const db = await open(config, logger);
  const demoShopper = await prepare(config, db, imageStore);
  if (workers === 1) {
    printBanner(config, db.kind, await serve(config, db, jwtSecret, logger), 1, demoShopper);
    return;
  }
  await db.close();
  printBanner(config, db.kind, await startWorkers(workers), workers, demoShopper);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof WorkersStartError) {
    console.error(`Cannot start: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException)?.code === "EADDRINUSE") {
    console.error(`Cannot start: the port is already in use. Set PORT to a free port.`);
  } else {
    console.error("Cannot start:", error);
  }
  process.exit(1);
});
