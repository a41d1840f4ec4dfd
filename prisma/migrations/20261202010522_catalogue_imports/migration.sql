-- CreateTable
CREATE TABLE "catalogue_imports" (
    "id" SERIAL NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_sha256" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "total_rows" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'checking',
    "checked_rows" INTEGER NOT NULL DEFAULT 0,
    "planned" JSONB,
    "planned_refusals" JSONB NOT NULL DEFAULT '[]',
    "applied_rows" INTEGER NOT NULL DEFAULT 0,
    "applied" JSONB,
    "applied_refusals" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "created_by" TEXT NOT NULL,
    "working_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "applied_at" TIMESTAMPTZ(3),

    CONSTRAINT "catalogue_imports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "catalogue_imports_created_at_idx" ON "catalogue_imports"("created_at" DESC);

-- CreateIndex
CREATE INDEX "catalogue_imports_file_sha256_idx" ON "catalogue_imports"("file_sha256");

