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
import { createShop, type Shop } from "./domain/shop.js";
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
import { createMailTransport, smtpHost, type MailTransport } from "./delivery/email/transport.js";
import { DEV_MAIL_PATH } from "./http/dev-mail.js";
import { EMAIL_CHANNEL } from "./domain/messaging/index.js";
import { readJobQueues } from "./db/job-queues.js";
import { watchJobQueues } from "./metrics.js";
import { metricsRoute } from "./http/metrics-route.js";
import express from "express";

type Logger = ReturnType<typeof createLogger>;

function open(config: Config, logger: Logger): Promise<Database> {
  const onEventError = (message: string, error: unknown) => logger.error({ err: error }, message);
  return openDatabase(
    config.databaseUrl
      ? {
          kind: "postgres",
          url: config.databaseUrl,
          onEventError,
          replicaUrls: config.databaseReplicaUrls,
          replicaLog: { info: (details, message) => logger.info(details, message), error: (details, message) => logger.error(details, message) },
        }
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

/** The background jobs of one process (SHOP_ROLE all or jobs), stopped in order at shutdown. */
interface Jobs {
  stop(): Promise<void>;
}

/**
 * Starts this process's background jobs: the outbox runner (webhooks, emails), the payment sweeper (which also
 * releases the stock of payments whose time ran out), audit retention and picture renditions. Every job
 * claims its work in the database (FOR UPDATE SKIP LOCKED, or a delete that is the same whoever runs it),
 * so any number of processes may run them side by side.
 */
async function startJobs(config: Config, db: Database, shop: Shop, logger: Logger, shopUrl: () => string | Promise<string>, mailTransport: MailTransport): Promise<Jobs> {
  const outbox = new OutboxRunner({ prisma: db.prisma, events: db.events, logger });
  // Deliverers, one per channel, are registered here (webhooks, email) before the runner starts.
  outbox.register(
    WEBHOOK_CHANNEL,
    createWebhookDeliverer({ prisma: db.prisma, schema: await buildShopSchema(), images: shop.images, safety: config.webhookSafety, timeoutMs: config.webhookTimeoutSeconds * 1000, logger }),
  );
  outbox.register(EMAIL_CHANNEL, createEmailDeliverer({ emails: shop.emails, transport: mailTransport, shopUrl }));
  outbox.start();
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
  // A jobs process serves no upload, so no upload wakes its renditions worker in process: the images
  // table's trigger (picturesChanged, on every insert) does, from whichever web process stored the picture.
  const unlisten =
    config.role === "jobs"
      ? db.events.listen((event) => {
          if (event.type === "picturesChanged") shop.images.renditions.wake();
        })
      : () => undefined;
  // Pictures that lack renditions (stored before they existed, or whose AVIF was not made yet) get them
  // now, in the background: the shop serves meanwhile (their stored file, then each rendition as it comes).
  shop.images.renditions.start();
  return {
    async stop() {
      unlisten();
      await shop.images.renditions.stop().catch(() => undefined);
      // Claims no more messages and lets the attempts in flight finish (each within its timeout).
      await outbox.stop().catch(() => undefined);
      await sweeper?.stop().catch(() => undefined);
      clearInterval(activityPruner);
    },
  };
}

/**
 * Serves the shop on the configured port until SIGTERM/SIGINT, running the background jobs too unless
 * SHOP_ROLE=web; with SHOP_ROLE=jobs it runs only the jobs and answers only /healthz, /readyz and /metrics.
 * Answers the port it listens on.
 */
async function serve(config: Config, db: Database, jwtSecret: string, logger: Logger): Promise<number> {
  // Links in emails and the payment page's way back point at PUBLIC_URL, or else at the address the shop
  // listens on (known once it listens; a jobs process always has PUBLIC_URL, config.ts).
  let listened: (url: string) => void = () => undefined;
  const listeningUrl = new Promise<string>((resolve) => (listened = resolve));
  const shopUrl = () => config.email.publicUrl ?? listeningUrl;
  const runsJobs = config.role !== "web";
  const servesShop = config.role !== "jobs";
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
    // Catalogue reads on a read replica with DATABASE_REPLICA_URL (db/read-routing.ts); the primary otherwise.
    catalogue: { prisma: db.catalogue.prisma, readRows: db.catalogue.rows, searchRows: db.catalogue.searchRows },
    webhookSafety: config.webhookSafety,
    // A jobs process answers no search: it keeps no index.
    searchIndex: servesShop && config.searchIndex,
    activityRetentionDays: config.activityRetentionDays,
    payments:
      config.payments.provider === "stripe"
        ? { provider: stripePayments(config.payments), settings: { holdMinutes: config.payments.holdMinutes, reconcileAfterSeconds: config.payments.reconcileAfterSeconds, shopUrl }, log: logger }
        : undefined,
  });
  // A web process makes no rendition: the upload's wake-up is ignored, and a jobs process (woken by the
  // picture's row) makes it. Stopped before anything could wake it.
  if (!runsJobs) await shop.images.renditions.stop();
  // Without SMTP_URL outside production, emails go to the development mailbox (/dev/mail).
  const mailbox = usesDevMailbox(config) ? new DevMailbox(path.join(config.dataDir, "dev-mail")) : null;
  const mailTransport = createMailTransport(config.email, mailbox);
  const web = servesShop ? await createApp({ ...config, publicUrl: config.email.publicUrl, logger, devMailbox: mailbox }, shop, db) : null;
  const server = createHttpServer(web ? web.app : jobsApp(config, db));
  const live = web?.serveLive(server);
  // Every process with jobs sends the outbox's messages; SKIP LOCKED keeps them from sending one twice.
  const jobs = runsJobs ? await startJobs(config, db, shop, logger, shopUrl, mailTransport) : null;
  // Queue depth and age per job kind on /metrics, whichever process is scraped.
  const unwatchQueues = watchJobQueues(() => readJobQueues(db.prisma));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const listening = server.address();
  listened(shopAddress(config, typeof listening === "object" && listening ? listening.port : config.port));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight ${servesShop ? "requests" : "jobs"}, then closing.`);
    web?.drain();
    // WebSockets are told the server is going away (1001), so their clients reconnect to another replica.
    void live?.close().catch(() => undefined);
    // A request that has not finished in 10 s (a stalled upload, say) is cut rather than holding the restart.
    const force = setTimeout(() => server.closeAllConnections(), 10_000).unref();
    drainHttpServer(server, async () => {
      clearTimeout(force);
      await web?.stop().catch(() => undefined);
      unwatchQueues();
      if (jobs) await jobs.stop();
      else await shop.images.renditions.stop().catch(() => undefined);
      mailTransport.close();
      await db.close().catch(() => undefined);
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  return typeof listening === "object" && listening ? listening.port : config.port;
}

/**
 * What a jobs process (SHOP_ROLE=jobs) answers on its port: liveness, readiness (the database answers) and
 * the metrics (with METRICS_TOKEN, as the web processes); nothing of the shop.
 */
function jobsApp(config: Config, db: Database): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", metricsRoute(config.metricsToken));
  app.get("/healthz", (_req, res) => void res.json({ status: "ok", role: "jobs" }));
  app.get("/readyz", (_req, res) => {
    db.ping().then(
      () => res.json({ status: "ready", role: "jobs" }),
      () => res.status(503).json({ status: "unavailable", message: "The database does not answer." }),
    );
  });
  app.use((_req, res) => void res.status(404).json({ message: "This is a jobs process (SHOP_ROLE=jobs): it serves no shop requests.", error: "Not found." }));
  return app;
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
  if (config.role === "jobs") {
    console.log(
      [
        "",
        "Verdant jobs process is running on PostgreSQL (SHOP_ROLE=jobs): webhooks, emails, picture renditions, the payment sweeper and audit retention.",
        "  Serves no shop requests; health at:",
        `  Health:          ${url}/healthz (ready: ${url}/readyz${config.metricsToken ? `, metrics: ${url}/metrics` : ""})`,
        `  Emails:          ${emailLine(config, config.email.publicUrl!)}`,
        "",
      ].join("\n"),
    );
    return;
  }
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
  if (config.role === "web") lines.push("  Jobs:            none in this process (SHOP_ROLE=web): run a SHOP_ROLE=jobs process to send webhooks and emails.");
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

  // The embedded database lives in this one process: it cannot be shared by workers. A jobs process is one
  // process (its jobs wait on the database and the network, not on a core): run more of them to scale.
  const workers = config.databaseUrl && config.role !== "jobs" ? config.webConcurrency : 1;
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
