-- The audit trail (domain/audit): who changed what in the back office, from where, with the changed fields
-- before and after, written in the transaction of the change. Append-only: the triggers below refuse every
-- UPDATE and TRUNCATE, and every DELETE but the retention job's (which says so in its transaction) on rows
-- older than 30 days, the shortest retention the shop allows.
-- CreateTable
CREATE TABLE "activity_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_kind" TEXT NOT NULL,
    "actor_id" INTEGER,
    "actor_name" TEXT NOT NULL,
    "api_key_id" INTEGER,
    "ip" TEXT,
    "kind" TEXT NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" TEXT,
    "subject_label" TEXT NOT NULL DEFAULT '',
    "changes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "activity_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "activity_log_at_id_idx" ON "activity_log"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "activity_log_actor_kind_actor_id_at_idx" ON "activity_log"("actor_kind", "actor_id", "at" DESC);

-- CreateIndex
CREATE INDEX "activity_log_kind_at_idx" ON "activity_log"("kind", "at" DESC);


ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_kind_check" CHECK ("actor_kind" IN ('staff', 'api-key', 'customer'));

CREATE FUNCTION activity_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND current_setting('verdant.activity_retention', true) = 'on'
     AND OLD.at < now() - interval '30 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The activity log is append-only (% refused).', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "activity_log_append_only" BEFORE UPDATE OR DELETE ON "activity_log"
  FOR EACH ROW EXECUTE FUNCTION activity_log_append_only();
CREATE TRIGGER "activity_log_no_truncate" BEFORE TRUNCATE ON "activity_log"
  FOR EACH STATEMENT EXECUTE FUNCTION activity_log_append_only();
