// Categories. Manage categories has the count, search by name, 'New Category',
// a grid newest first with 'Edit Category' and 'Delete Category'; 'No category found matching your
// search.' when nothing matches. Add category (Title; Create) and Edit category (Name; Update). Every
// change shows the server's message and reloads the lists; a failed load shows the server's error text.
import { useQuery } from "@apollo/client/react";
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { AdminCategoriesDocument, AdminCategoryDocument } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE } from "../../../lib/apollo/pages";
import { useGoBack } from "../../../lib/navigation/useGoBack";
import { reportChange } from "../../../lib/notify";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { notifyServerFailure } from "../adminFeedback";
import { AdminForm, EntryNotLoaded, useListSearch, useNotifyLoadFailure } from "../AdminParts";
import { CatalogueEntries, type CatalogueEntry } from "../CatalogueEntries";
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from "./useCategoryChanges";

export const NO_CATEGORY_FOUND = "No category found matching your search.";
const MANAGE_CATEGORIES = "/admin/manage-category";

export function ManageCategoriesScreen() {
  const search = useListSearch();
  const query = useQuery(AdminCategoriesDocument, { variables: { search: search.query || undefined, first: ADMIN_PAGE_SIZE } });
  const deletion = useDeleteCategory();
  return <CatalogueEntries noun="categories" entryWord="Category" emptyText={NO_CATEGORY_FOUND} search={search} query={{ ...query, page: query.data?.categories }} deletion={deletion} />;
}

export function AddCategoryScreen() {
  const goBack = useGoBack(MANAGE_CATEGORIES);
  const [name, setName] = useState("");
  const [createCategory, { loading }] = useCreateCategory();
  const fieldErrors = useFieldErrors();
  const save = async () => {
    const failure = await reportChange(createCategory({ variables: { name } }), (data) => data.createCategory.message, notifyServerFailure, goBack);
    if (failure) fieldErrors.showFailure(failure);
  };
  return (
    <AdminForm title="New category" submitLabel="Create" submitting={loading} onSubmit={() => void save()} formRef={fieldErrors.ref}>
      <TextInput label="Title" value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldErrors.errorOf("name")} withAsterisk />
    </AdminForm>
  );
}

export function EditCategoryScreen() {
  const id = Number(useParams().id);
  const { data, loading, error } = useQuery(AdminCategoryDocument, { variables: { id }, skip: !Number.isInteger(id), fetchPolicy: "cache-and-network" });

  useNotifyLoadFailure(error);

  const category = data?.category;
  if (!category) return <EntryNotLoaded word="category" loading={loading} error={error} />;
  return <EditCategoryForm key={category.id} category={category} />;
}

function EditCategoryForm({ category }: { category: CatalogueEntry }) {
  const goBack = useGoBack(MANAGE_CATEGORIES);
  const [name, setName] = useState(category.name);
  const [updateCategory, { loading }] = useUpdateCategory();
  const fieldErrors = useFieldErrors();
  const save = async () => {
    const failure = await reportChange(updateCategory({ variables: { id: category.id, name } }), (data) => data.updateCategory.message, notifyServerFailure, goBack);
    if (failure) fieldErrors.showFailure(failure);
  };
  return (
    <AdminForm title="Edit category" submitLabel="Update" submitting={loading} onSubmit={() => void save()} formRef={fieldErrors.ref}>
      <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldErrors.errorOf("name")} withAsterisk />
    </AdminForm>
  );
}
