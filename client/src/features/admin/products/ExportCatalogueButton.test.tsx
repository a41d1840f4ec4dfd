import { notifications } from "@mantine/notifications";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminProductsDocument } from "../../../graphql/generated/graphql";
import { ACCESS_TOKEN_KEY } from "../../../lib/auth/tokenStorage";
import { ADMIN_PAGE_SIZE } from "../../../lib/apollo/pages";
import { messages } from "../../../lib/messages";
import { connection, queryMock } from "../../../test/fixtures";
import { admin, renderWithShop, shopper, support } from "../../../test/renderWithShop";
import { CATALOGUE_CSV_URL, catalogueFileName, ExportCatalogueButton, EXPORT_CSV_LABEL } from "./ExportCatalogueButton";
import { ManageProductsScreen } from "./ManageProductsScreen";

const CSV = 'sku,product_slug,product_name\r\nFERN-1,fern,"Fern, Boston"\r\n';
const at = { route: "/admin/manage-product", path: "/admin/manage-product" };

function catchDownloads() {
  const saved: Blob[] = [];
  Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), "blob:catalogue")), revokeObjectURL: vi.fn() });
  const clicked: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  return { saved, clicked };
}

/** fetch answering the export with `answer` once `release` is called (so the busy state can be seen). */
function serveExport(answer: () => Response) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = vi.fn(async () => {
    await released;
    return answer();
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, release };
}

beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, "staff-token"));
afterEach(() => {
  notifications.clean();
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  vi.unstubAllGlobals();
});

describe("Manage products: Export CSV", () => {
  it("is on the products screen for staff", async () => {
    renderWithShop(<ManageProductsScreen />, { ...at, user: support, mocks: [queryMock(AdminProductsDocument, { first: ADMIN_PAGE_SIZE }, { products: connection("Product", [], {}) })] });
    expect(await screen.findByRole("button", { name: EXPORT_CSV_LABEL })).toBeInTheDocument();
  });

  it("downloads the catalogue with the signed-in token, busy until the file has come, saved under the server's name", async () => {
    const { saved, clicked } = catchDownloads();
    const { fetchMock, release } = serveExport(
      () => new Response(CSV, { status: 200, headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="verdant-catalogue-2026-12-01.csv"' } }),
    );
    renderWithShop(<ExportCatalogueButton />, { ...at, user: admin });
    const button = screen.getByRole("button", { name: EXPORT_CSV_LABEL });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute("data-loading", "true"));
    expect(button).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith(CATALOGUE_CSV_URL, { headers: { Authorization: "Bearer staff-token" } });
    release();
    await waitFor(() => expect(clicked).toEqual([{ href: "blob:catalogue", download: "verdant-catalogue-2026-12-01.csv" }]));
    expect(await saved[0]!.text()).toBe(CSV);
    await waitFor(() => expect(button).not.toHaveAttribute("data-loading"));
  });

  it("a refusal shows the server's words and saves nothing", async () => {
    const { clicked } = catchDownloads();
    const { release } = serveExport(() => Response.json({ error: "Your staff role does not allow this: it needs the catalogue:read ability.", message: "Your staff role does not allow this: it needs the catalogue:read ability." }, { status: 403 }));
    release();
    renderWithShop(<ExportCatalogueButton />, { ...at, user: admin });
    await userEvent.click(screen.getByRole("button", { name: EXPORT_CSV_LABEL }));
    expect(await screen.findByText("Your staff role does not allow this: it needs the catalogue:read ability.")).toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(screen.getByRole("button", { name: EXPORT_CSV_LABEL })).toBeEnabled();
  });

  it("a failure without the server's words (the network) shows the generic failure", async () => {
    const { clicked } = catchDownloads();
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    renderWithShop(<ExportCatalogueButton />, { ...at, user: admin });
    await userEvent.click(screen.getByRole("button", { name: EXPORT_CSV_LABEL }));
    expect(await screen.findByText(messages.genericFailure)).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it("is not there for someone without catalogue:read", () => {
    renderWithShop(<ExportCatalogueButton />, { ...at, user: shopper });
    expect(screen.queryByRole("button", { name: EXPORT_CSV_LABEL })).not.toBeInTheDocument();
  });

  it("names the file for the day when the server gave no name", () => {
    expect(catalogueFileName(null, new Date("2026-12-01T23:30:00Z"))).toBe("verdant-catalogue-2026-12-01.csv");
    expect(catalogueFileName('attachment; filename="verdant-catalogue-2026-11-30.csv"')).toBe("verdant-catalogue-2026-11-30.csv");
  });
});
