// The product changes an admin makes (spec section 4); each reloads the catalogue lists.
import { CreateProductDocument, DeleteProductDocument, UpdateProductDocument } from "../../../graphql/generated/graphql";
import { useCatalogueChange } from "../useCatalogueChange";

export const useCreateProduct = () => useCatalogueChange(CreateProductDocument);
export const useUpdateProduct = () => useCatalogueChange(UpdateProductDocument);
export const useDeleteProduct = () => useCatalogueChange(DeleteProductDocument);
