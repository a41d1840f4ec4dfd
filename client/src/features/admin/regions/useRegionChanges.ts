// The region changes an admin makes; each reloads the catalogue lists;
// a delete also tells how it went.
import { CreateRegionDocument, DeleteRegionDocument, UpdateRegionDocument } from "../../../graphql/generated/graphql";
import { useCatalogueChange, useCatalogueDelete } from "../useCatalogueChange";

export const useCreateRegion = () => useCatalogueChange(CreateRegionDocument);
export const useUpdateRegion = () => useCatalogueChange(UpdateRegionDocument);
export const useDeleteRegion = () => useCatalogueDelete(DeleteRegionDocument, (data) => data.deleteRegion.message);
