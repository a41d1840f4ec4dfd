import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AdminCategoriesDocument,
  AdminCategoryDocument,
  CreateCategoryDocument,
  DeleteCategoryDocument,
  UpdateCategoryDocument,
} from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE } from "../../../lib/apollo/pages";
import { categories, connection, cursorOf, queryMock, type PageOptions } from "../../../test/fixtures";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { AddCategoryScreen, EditCategoryScreen, ManageCategoriesScreen } from "./CategoryScreens";

// Notifications live in a module-wide store: one test's messages must not answer the next one's queries.
afterEach(() => notifications.clean());

const houseplants = { __typename: "Category" as const, id: 3, name: "Houseplant Care" };
/** A page of the admin category list, for a search (or none) and after a cursor (or the first page). */
const categoryPage = (list: Array<{ id: number }>, ask: { search?: string; after?: string } = {}, page: PageOptions = {}, extra: object = {}) =>
  queryMock(AdminCategoriesDocument, { first: ADMIN_PAGE_SIZE, ...ask }, { categories: connection("Category", list, page) }, { times: 1, ...extra });
const manage = { route: "/admin/manage-category", path: "/admin/manage-category", user: admin };
const entryNames = () => screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("Manage categories", () => {
  it("shows the count, the 'New Category' link and the grid in the server's order (newest first) with 'Edit Category' and 'Delete Category'", async () => {
    renderWithShop(<ManageCategoriesScreen />, { ...manage, mocks: [categoryPage([houseplants, ...categories])] });
    expect(await screen.findByRole("heading", { name: "Manage categories" })).toBeInTheDocument();
    expect(await screen.findByText("Total categories: 3")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New Category" })).toHaveAttribute("href", "/admin/add-category");
    expect(entryNames()).toEqual(["Houseplant Care", "Indoor Plants", "Garden Tools"]);
    const card = screen.getByRole("article", { name: "Garden Tools" });
    expect(within(card).getByRole("link", { name: "Edit Category" })).toHaveAttribute("href", "/admin/edit-category/2");
    expect(within(card).getByRole("button", { name: "Delete Category" })).toBeInTheDocument();
  });

  it("shows the loading view until the list has loaded", async () => {
    renderWithShop(<ManageCategoriesScreen />, { ...manage, mocks: [categoryPage(categories, {}, {}, { delay: 30 })] });
    expect(screen.getByRole("status", { name: "Loading categories" })).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: "Indoor Plants" })).toBeInTheDocument();
  });

  it("searches by name on the server once the typing pauses; 'No category found matching your search.' when nothing matches", async () => {
    renderWithShop(<ManageCategoriesScreen />, {
      ...manage,
      mocks: [categoryPage([houseplants, ...categories]), categoryPage([houseplants, categories[0]!], { search: "PLANT" }), categoryPage([], { search: "seeds" })],
    });
    await screen.findByRole("article", { name: "Indoor Plants" });
    await userEvent.type(screen.getByPlaceholderText("Search category"), " PLANT ");
    await waitFor(() => expect(entryNames()).toEqual(["Houseplant Care", "Indoor Plants"]));
    expect(screen.getByText("Total categories: 2")).toBeInTheDocument();
    await userEvent.clear(screen.getByPlaceholderText("Search category"));
    await userEvent.type(screen.getByPlaceholderText("Search category"), "seeds");
    expect(await screen.findByText("No category found matching your search.")).toBeInTheDocument();
  });

  it("page by page: 'Load more' appends the next page of categories", async () => {
    renderWithShop(<ManageCategoriesScreen />, {
      ...manage,
      mocks: [
        categoryPage([houseplants, categories[0]!], {}, { hasNextPage: true, totalCount: 3 }),
        categoryPage([categories[1]!], { after: cursorOf(categories[0]!) }, { totalCount: 3 }),
      ],
    });
    expect(await screen.findByText("Total categories: 3")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Load more categories" }));
    await screen.findByRole("article", { name: "Garden Tools" });
    expect(entryNames()).toEqual(["Houseplant Care", "Indoor Plants", "Garden Tools"]);
  });

  it("a failed load shows the server's error text", async () => {
    renderWithShop(<ManageCategoriesScreen />, {
      ...manage,
      mocks: [
        { request: { query: AdminCategoriesDocument, variables: { first: ADMIN_PAGE_SIZE } }, result: { errors: [{ message: "The catalogue is closed for stocktaking." }] } },
      ],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("The catalogue is closed for stocktaking.");
    expect(screen.getByText("We could not load the categories.")).toBeInTheDocument();
  });

  it("'Delete Category' shows a spinner, then the server's message, and the list reloads", async () => {
    const reloaded = vi.fn(() => ({ data: { categories: connection("Category", [categories[0]!]) } }));
    renderWithShop(<ManageCategoriesScreen />, {
      ...manage,
      mocks: [
        categoryPage(categories),
        {
          request: { query: DeleteCategoryDocument, variables: { id: 2 } },
          result: { data: { deleteCategory: { __typename: "Message", message: "Category deleted successfully." } } },
          delay: 300,
        },
        { request: { query: AdminCategoriesDocument, variables: { first: ADMIN_PAGE_SIZE } }, result: reloaded },
      ],
    });
    const card = await screen.findByRole("article", { name: "Garden Tools" });
    await userEvent.click(within(card).getByRole("button", { name: "Delete Category" }));
    expect(within(card).getByRole("button", { name: "Delete Category" })).toHaveAttribute("data-loading", "true");
    expect(await screen.findByText("Category deleted successfully.")).toBeInTheDocument();
    await waitFor(() => expect(entryNames()).toEqual(["Indoor Plants"]));
    expect(reloaded).toHaveBeenCalledTimes(1);
  });

  it("a refused delete shows the server's message, else 'Try again later'", async () => {
    renderWithShop(<ManageCategoriesScreen />, {
      ...manage,
      mocks: [
        categoryPage(categories),
        {
          request: { query: DeleteCategoryDocument, variables: { id: 1 } },
          result: { errors: [{ message: "This category still has products.", extensions: { code: "CONFLICT" } }] },
        },
        { request: { query: DeleteCategoryDocument, variables: { id: 2 } }, error: new Error("Failed to fetch") },
      ],
    });
    await userEvent.click(within(await screen.findByRole("article", { name: "Indoor Plants" })).getByRole("button", { name: "Delete Category" }));
    expect(await screen.findByText("This category still has products.")).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole("article", { name: "Garden Tools" })).getByRole("button", { name: "Delete Category" }));
    expect(await screen.findByText("Try again later")).toBeInTheDocument();
  });
});

describe("Add category: Title; Create", () => {
  const renderAdd = (mocks: object[]) =>
    renderWithShop(<AddCategoryScreen />, {
      route: "/admin/add-category",
      path: "/admin/add-category",
      user: admin,
      routes: [{ path: "/admin/manage-category", element: <h1>Category list</h1> }],
      mocks: mocks as never,
    });

  it("creates the category, shows the server's message ('Category created') and returns to the list", async () => {
    renderAdd([
      {
        request: { query: CreateCategoryDocument, variables: { name: "Seeds" } },
        result: { data: { createCategory: { __typename: "CategoryPayload", message: "Category created", category: { __typename: "Category", id: 9, name: "Seeds" } } } },
      },
    ]);
    expect(await screen.findByRole("heading", { name: "New category" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), "Seeds");
    await userEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Category created")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Category list" })).toBeInTheDocument();
  });

  it("a refused create shows the server's message and stays", async () => {
    renderAdd([
      {
        request: { query: CreateCategoryDocument, variables: { name: "" } },
        result: { errors: [{ message: "Invalid input", extensions: { code: "BAD_USER_INPUT", fields: { name: ["The name is required."] } } }] },
      },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Create" }));
    expect(await screen.findByText("The name is required.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "New category" })).toBeInTheDocument();
  });
});

describe("Edit category: Name; Update", () => {
  const renderEdit = (mocks: object[]) =>
    renderWithShop(<EditCategoryScreen />, {
      route: "/admin/edit-category/2",
      path: "/admin/edit-category/:id",
      user: admin,
      routes: [{ path: "/admin/manage-category", element: <h1>Category list</h1> }],
      mocks: mocks as never,
    });
  const categoryMock = { request: { query: AdminCategoryDocument, variables: { id: 2 } }, result: { data: { category: categories[1] } }, delay: 20 };

  it("loads the category (a spinner meanwhile), prefills Name, sends the change and shows the server's message", async () => {
    renderEdit([
      categoryMock,
      {
        request: { query: UpdateCategoryDocument, variables: { id: 2, name: "Tools & Gloves" } },
        result: { data: { updateCategory: { __typename: "CategoryPayload", message: "Category updated successfully.", category: { ...categories[1], name: "Tools & Gloves" } } } },
      },
    ]);
    expect(screen.getByRole("status", { name: "Loading category" })).toBeInTheDocument();
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue("Garden Tools");
    await userEvent.clear(name);
    await userEvent.type(name, "Tools & Gloves");
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Category updated successfully.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Category list" })).toBeInTheDocument();
  });

  it("a refused update shows the server's message", async () => {
    renderEdit([
      categoryMock,
      {
        request: { query: UpdateCategoryDocument, variables: { id: 2, name: "Garden Tools" } },
        result: { errors: [{ message: "A category with this name already exists.", extensions: { code: "CONFLICT" } }] },
      },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByText("A category with this name already exists.")).toBeInTheDocument();
  });

  it("a failed load shows the server's error text", async () => {
    renderEdit([{ request: { query: AdminCategoryDocument, variables: { id: 2 } }, result: { errors: [{ message: "Category not found.", extensions: { code: "NOT_FOUND" } }] } }]);
    expect(await screen.findByRole("alert")).toHaveTextContent("Category not found.");
    expect(screen.getByText("We could not load this category.")).toBeInTheDocument();
  });
});
