// The product changes an admin makes; each reloads the catalogue lists;
// a delete also tells how it went.
import { CreateProductDocument, DeleteProductDocument, SaveProductVariantsDocument, UpdateProductDocument } from "../../../graphql/generated/graphql";
import { useCatalogueChange, useCatalogueDelete } from "../useCatalogueChange";

export const useCreateProduct = () => useCatalogueChange(CreateProductDocument);
export const useUpdateProduct = () => useCatalogueChange(UpdateProductDocument);
export const useSaveProductVariants = () => useCatalogueChange(SaveProductVariantsDocument);
export const useDeleteProduct = () => useCatalogueDelete(DeleteProductDocument, (data) => data.deleteProduct.message);
