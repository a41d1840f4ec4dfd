-- CreateEnum
CREATE TYPE "OutboxState" AS ENUM ('pending', 'delivered', 'failed');

-- CreateTable
CREATE TABLE "outbox_messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "channel" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "user_id" INTEGER,
    "lane" TEXT,
    "state" "OutboxState" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "available_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status" INTEGER,
    "last_error" TEXT,
    "last_response" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outbox_messages_state_channel_available_at_idx" ON "outbox_messages"("state", "channel", "available_at");

-- CreateIndex
CREATE INDEX "outbox_messages_user_id_created_at_idx" ON "outbox_messages"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "outbox_messages_lane_created_at_idx" ON "outbox_messages"("lane", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- A new message wakes the outbox runner of every replica at once (db/events.ts eventChannel): it is
-- delivered within milliseconds of its transaction's commit, with the runner's poll as the backstop.
-- Statement-level and delivered at commit, like the catalogue trigger: one notification per transaction.
CREATE FUNCTION "notify_outbox_messages_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    left(regexp_replace(lower(CASE WHEN TG_TABLE_SCHEMA = 'public' THEN 'shop_events' ELSE 'shop_events_' || TG_TABLE_SCHEMA END), '[^a-z0-9_]', '_', 'g'), 63),
    '{"type":"outboxMessagesAdded"}');
  RETURN NULL;
END
$$;

CREATE TRIGGER "outbox_messages_added" AFTER INSERT ON "outbox_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_outbox_messages_added"();
