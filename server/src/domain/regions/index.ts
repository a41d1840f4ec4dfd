// The regions room's public surface: other folders import it only from here.
export { regionForm, RegionService } from "./regions.js";
export type { Region, RegionInput } from "./regions.js";
