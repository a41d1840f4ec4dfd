// The category changes an admin makes; each reloads the catalogue lists;
// a delete also tells how it went.
import { CreateCategoryDocument, DeleteCategoryDocument, UpdateCategoryDocument } from "../../../graphql/generated/graphql";
import { useCatalogueChange, useCatalogueDelete } from "../useCatalogueChange";

export const useCreateCategory = () => useCatalogueChange(CreateCategoryDocument);
export const useUpdateCategory = () => useCatalogueChange(UpdateCategoryDocument);
export const useDeleteCategory = () => useCatalogueDelete(DeleteCategoryDocument, (data) => data.deleteCategory.message);
