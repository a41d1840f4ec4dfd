// Categories (spec sections 2, 4 and 8). Manage categories: the count, search by name, 'New Category',
// a grid newest first with 'Edit Category' and 'Delete Category'; 'No category found matching your
// search.' when nothing matches. Add category (Title; Create) and Edit category (Name; Update). Every
// change shows the server's message and reloads the lists; a failed load shows the server's error text.
import { useQuery } from "@apollo/client/react";
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingView } from "../../../components/LoadingView";
import { AdminCategoriesDocument, AdminCategoryDocument } from "../../../graphql/generated/graphql";
import { serverMessage } from "../../../lib/apollo/errors";
import { ADMIN_PAGE_SIZE, nextPageVariables, useLastAnswer } from "../../../lib/apollo/pages";
import { useGoBack } from "../../../lib/navigation/useGoBack";
import { notifySuccess } from "../../../lib/notify";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { notifyServerFailure } from "../adminFeedback";
import { AdminForm, listState, LoadFailure, useListSearch, useNotifyLoadFailure } from "../AdminParts";
import { CatalogueEntries, type CatalogueEntry } from "../CatalogueEntries";
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from "./useCategoryChanges";

export const NO_CATEGORY_FOUND = "No category found matching your search.";
const MANAGE_CATEGORIES = "/admin/manage-category";

export function ManageCategoriesScreen() {
  const { search, setSearch, query, typing } = useListSearch();
  const { data, error, refetch, fetchMore } = useQuery(AdminCategoriesDocument, {
    variables: { search: query || undefined, first: ADMIN_PAGE_SIZE },
  });
  const list = listState(useLastAnswer(data?.categories, query), typing);
  const { deletingId, remove } = useDeleteCategory();

  useNotifyLoadFailure(error);

  return (
    <CatalogueEntries
      title="Manage categories"
      noun="categories"
      entryWord="Category"
      searchPlaceholder="Search category"
      emptyText={NO_CATEGORY_FOUND}
      newLink={{ to: "/admin/add-category", label: "New Category" }}
      editPath={(category) => `/admin/edit-category/${category.id}`}
      {...list}
      onLoadMore={(page) => fetchMore({ variables: nextPageVariables(page) })}
      failure={error && !data && <LoadFailure what="the categories" onRetry={() => void refetch()} />}
      search={search}
      onSearch={setSearch}
      deletingId={deletingId}
      onDelete={(category) => void remove(category.id)}
    />
  );
}

export function AddCategoryScreen() {
  const goBack = useGoBack(MANAGE_CATEGORIES);
  const [name, setName] = useState("");
  const [createCategory, { loading }] = useCreateCategory();
  const fieldErrors = useFieldErrors();
  const save = async () => {
    try {
      const result = await createCategory({ variables: { name } });
      if (result.data) notifySuccess(result.data.createCategory.message);
      goBack();
    } catch (error) {
      fieldErrors.showFailure(error);
      notifyServerFailure(error);
    }
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
  if (!category) {
    if (loading) return <LoadingView label="Loading category" />;
    return <EmptyState title="We could not load this category." description={error ? serverMessage(error) : undefined} />;
  }
  return <EditCategoryForm key={category.id} category={category} />;
}

function EditCategoryForm({ category }: { category: CatalogueEntry }) {
  const goBack = useGoBack(MANAGE_CATEGORIES);
  const [name, setName] = useState(category.name);
  const [updateCategory, { loading }] = useUpdateCategory();
  const fieldErrors = useFieldErrors();
  const save = async () => {
    try {
      const result = await updateCategory({ variables: { id: category.id, name } });
      if (result.data) notifySuccess(result.data.updateCategory.message);
      goBack();
    } catch (error) {
      fieldErrors.showFailure(error);
      notifyServerFailure(error);
    }
  };
  return (
    <AdminForm title="Edit category" submitLabel="Update" submitting={loading} onSubmit={() => void save()} formRef={fieldErrors.ref}>
      <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldErrors.errorOf("name")} withAsterisk />
    </AdminForm>
  );
}
