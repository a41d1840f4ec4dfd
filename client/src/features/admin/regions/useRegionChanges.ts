// The region changes an admin makes (spec section 4); each reloads the catalogue lists.
import { CreateRegionDocument, DeleteRegionDocument, UpdateRegionDocument } from "../../../graphql/generated/graphql";
import { useCatalogueChange } from "../useCatalogueChange";

export const useCreateRegion = () => useCatalogueChange(CreateRegionDocument);
export const useUpdateRegion = () => useCatalogueChange(UpdateRegionDocument);
export const useDeleteRegion = () => useCatalogueChange(DeleteRegionDocument);
