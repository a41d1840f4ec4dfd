// Catalogue transfer: the whole catalogue out as a CSV file (and, to come, the same file back in). Its
// public surface: other rooms and the adapters import only from here.
export { CATALOGUE_CSV_COLUMNS, catalogueFileName, centsAsDollars } from "./columns.js";
export type { CatalogueCsvColumn } from "./columns.js";
export { CATALOGUE_EXPORT_PAGE_SIZE, CatalogueExport } from "./export.js";
export type { CatalogueFile } from "./export.js";
