// Catalogue transfer: the whole catalogue out as a CSV file, and the same file back in (import). Its
// public surface: other rooms and the adapters import only from here.
export { CATALOGUE_CSV_COLUMNS, catalogueFileName, centsAsDollars } from "./columns.js";
export type { CatalogueCsvColumn } from "./columns.js";
export { CATALOGUE_EXPORT_PAGE_SIZE, CatalogueExport } from "./export.js";
export type { CatalogueFile } from "./export.js";
export { CATALOGUE_IMPORT_MAX_BYTES, REQUIRED_IMPORT_COLUMNS } from "./import-file.js";
export { CatalogueImports, IMPORT_BATCH_SIZE, MAX_REFUSALS_SHOWN } from "./import.js";
export type { ImportProgress, ImportStatus, ImportView } from "./import.js";
export type { ImportCounts } from "./import-plan.js";
export type { Refusal } from "./import-rows.js";
export { CataloguePictures, MAX_ZIP_ENTRIES, PICTURE_ZIP_MAX_BYTES } from "./pictures.js";
export type { PictureRefusal, PictureSetView } from "./pictures.js";
