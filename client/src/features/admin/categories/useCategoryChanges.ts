// The category changes an admin makes (spec section 4); each reloads the catalogue lists.
import { CreateCategoryDocument, DeleteCategoryDocument, UpdateCategoryDocument } from "../../../graphql/generated/graphql";
import { useCatalogueChange } from "../useCatalogueChange";

export const useCreateCategory = () => useCatalogueChange(CreateCategoryDocument);
export const useUpdateCategory = () => useCatalogueChange(UpdateCategoryDocument);
export const useDeleteCategory = () => useCatalogueChange(DeleteCategoryDocument);
