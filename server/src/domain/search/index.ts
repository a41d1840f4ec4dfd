// The search room's public surface: other folders import it only from here.
export { ProductIndex } from "./product-index.js";
export { SearchService } from "./service.js";
