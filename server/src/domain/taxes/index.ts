// The taxes room: tax classes, rates per region and class, delivery's rate, the shop's prices-with-tax
// setting, and what a cart is priced with (rates.ts). Other folders import it only from here.
export { categoryTaxClasses, ownTaxClassColumn, pricedRegions, taxClassOf, type PricedRegion } from "./rates.js";
export { TaxAdmin } from "./admin.js";
export type { TaxSettings } from "./admin.js";
