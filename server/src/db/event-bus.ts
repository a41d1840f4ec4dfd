// How shop events travel between replicas. On PostgreSQL: NOTIFY on a channel of the shop's schema,
// heard by one LISTEN connection per process, so every replica on the same database hears every event
// and no extra server is needed. On the embedded database (one process by design): in process.
import pg from "pg";
import { ordersPlaced } from "../metrics.js";
import { ListenerSet, readShopEvent, type DeliveryNews, type EventBus, type ShopEvent } from "../domain/shared/index.js";

export type EventErrorHandler = (message: string, error: unknown) => void;

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/**
 * Every this often each process sends a heartbeat on its channel; a listener that heard nothing at all
 * since the previous one (its connection went deaf without closing: a network blip, a failover behind a
 * proxy) is replaced, as if it had dropped. It also keeps "last heard" meaningful for operators.
 */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT = JSON.stringify({ type: "heartbeat" });

/** Where the embedded database's own notifications (the catalogue trigger's) can be heard. */
export interface NotificationSource {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

/** A notification's payload as a shop event, or null when it is not one we know. */
function eventFrom(payload: string | undefined): ShopEvent | null {
  if (!payload) return null;
  try {
    return readShopEvent(JSON.parse(payload));
  } catch {
    return null;
  }
}

/** The watchers of DeliveryNews, each told in turn; a failing one does not stop the others. */
function deliveryWatchers(onError: EventErrorHandler) {
  const watchers = new Set<(news: DeliveryNews) => void>();
  return {
    add(watcher: (news: DeliveryNews) => void) {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    tell(news: DeliveryNews) {
      for (const watcher of watchers) {
        try {
          watcher(news);
        } catch (error) {
          onError("A watcher of event delivery failed.", error);
        }
      }
    },
    clear: () => watchers.clear(),
  };
}

/**
 * The events of one process only: the embedded database serves one process. With `database`, events the
 * database itself sends (NOTIFY on the shop's channel, e.g. from the catalogue trigger) are delivered too.
 */
export async function createLocalEventBus(onError: EventErrorHandler, database?: NotificationSource): Promise<EventBus> {
  const listeners = new ListenerSet();
  let closed = false;
  let lastHeardAt = Date.now();
  await database?.listen(eventChannel(undefined), (payload) => {
    const event = eventFrom(payload);
    lastHeardAt = Date.now();
    if (event && !closed) listeners.deliver(event, (error) => onError("A shop event listener failed.", error));
  });
  return {
    async publish(event) {
      if (closed) return;
      if (event.type === "orderPlaced") ordersPlaced.inc();
      // Delivered on a later turn, as a NOTIFY would be: a listener never runs inside the publisher's call.
      setImmediate(() => {
        lastHeardAt = Date.now();
        listeners.deliver(event, (error) => onError("A shop event listener failed.", error));
      });
    },
    listen: (listener) => listeners.add(listener),
    listenerCount: () => listeners.size,
    // In one process nothing is ever missed: there is no news to tell.
    watchDelivery: () => () => undefined,
    deliveryState: () => ({ listening: !closed, reconnects: 0, lastHeardAt }),
    async close() {
      closed = true;
      listeners.clear();
    },
  };
}

/** One channel per schema: test files and shops sharing a database in separate schemas never cross. */
export function eventChannel(schema: string | undefined): string {
  // The catalogue trigger names the channel after its table's schema: public is the shop without a schema.
  if (schema === "public") schema = undefined;
  const channel = `shop_events${schema ? `_${schema}` : ""}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  return channel.slice(0, 63);
}

/**
 * Events through PostgreSQL's LISTEN/NOTIFY. The listening connection is our own (not the pool's) and
 * comes back by itself after the database restarts. Events sent while it was away are not replayed, so the
 * gap is announced: "interrupted" when the connection drops (or goes deaf: see HEARTBEAT_MS), "resumed" once
 * it listens again; caches empty themselves and live sockets are told to read again (watchDelivery).
 */
export async function createPostgresEventBus(
  url: string,
  schema: string | undefined,
  publisher: Pick<pg.Pool, "query">,
  onError: EventErrorHandler,
): Promise<EventBus> {
  const channel = eventChannel(schema);
  const listeners = new ListenerSet();
  const watchers = deliveryWatchers(onError);
  let listener: pg.Client | null = null;
  let closed = false;
  let retryDelay = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let interrupted = false;
  let reconnects = 0;
  let lastHeardAt = Date.now();

  const heard = (message: pg.Notification) => {
    if (message.channel !== channel) return;
    lastHeardAt = Date.now();
    const event = eventFrom(message.payload);
    if (event) listeners.deliver(event, (error) => onError("A shop event listener failed.", error));
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on("notification", heard);
    const lost = (error?: unknown) => {
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners("notification");
      void client.end().catch(() => undefined);
      if (closed) return;
      onError("The shop event listener lost its database connection; reconnecting.", error);
      if (!interrupted) {
        interrupted = true;
        watchers.tell("interrupted");
      }
      scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    await client.connect();
    await client.query(`LISTEN "${channel}"`);
    listener = client;
    dropDeaf = lost;
    retryDelay = RECONNECT_FIRST_MS;
    if (interrupted) {
      // Listening again: from now on nothing is missed, so whatever was built from events before can be rebuilt.
      interrupted = false;
      reconnects += 1;
      watchers.tell("resumed");
    }
  };
  let dropDeaf: (error: unknown) => void = () => undefined;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        onError("The shop event listener could not reconnect; trying again.", error);
        retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      });
    }, retryDelay);
    retryTimer.unref();
  };

  // The first connection must work: a shop that cannot hear events should not start as if it could.
  await connect();

  let heartbeatSentAt: number | null = null;
  const heartbeat = setInterval(() => {
    if (listener && heartbeatSentAt !== null && lastHeardAt < heartbeatSentAt) {
      dropDeaf(new Error(`the listener heard not even its own heartbeat within ${HEARTBEAT_MS} ms`));
    }
    heartbeatSentAt = Date.now();
    // When the heartbeat cannot be sent the database is away: the listener then drops by itself, unjudged here.
    publisher.query("SELECT pg_notify($1, $2)", [channel, HEARTBEAT]).catch(() => (heartbeatSentAt = null));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    async publish(event) {
      if (closed) return;
      // Counted where it was placed: every replica hears the event, only this one placed the order.
      if (event.type === "orderPlaced") ordersPlaced.inc();
      try {
        await publisher.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify(event)]);
      } catch (error) {
        onError("A shop event could not be published.", error);
      }
    },
    listen: (listenerFn) => listeners.add(listenerFn),
    listenerCount: () => listeners.size,
    watchDelivery: (watcher) => watchers.add(watcher),
    deliveryState: () => ({ listening: listener !== null, reconnects, lastHeardAt }),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      listeners.clear();
      watchers.clear();
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
