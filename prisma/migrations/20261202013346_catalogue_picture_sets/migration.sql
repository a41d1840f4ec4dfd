-- AlterTable
ALTER TABLE "catalogue_imports" ADD COLUMN     "picture_set_id" INTEGER;

-- CreateTable
CREATE TABLE "catalogue_picture_sets" (
    "id" SERIAL NOT NULL,
    "file_name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'storing',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "refusals" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "created_by" TEXT NOT NULL,
    "working_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "catalogue_picture_sets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalogue_pictures" (
    "set_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "ref" TEXT NOT NULL,

    CONSTRAINT "catalogue_pictures_pkey" PRIMARY KEY ("set_id","name")
);

-- AddForeignKey
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_picture_set_id_fkey" FOREIGN KEY ("picture_set_id") REFERENCES "catalogue_picture_sets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalogue_pictures" ADD CONSTRAINT "catalogue_pictures_set_id_fkey" FOREIGN KEY ("set_id") REFERENCES "catalogue_picture_sets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

