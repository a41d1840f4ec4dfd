import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminProductsDocument, WebhookAlertsDocument } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE } from "../../../lib/apollo/pages";
import { ACCESS_TOKEN_KEY } from "../../../lib/auth/tokenStorage";
import type { SessionUser } from "../../../lib/session/session";
import { connection, queryMock } from "../../../test/fixtures";
import { admin, catalogueManager, renderRoutes, renderWithShop, support } from "../../../test/renderWithShop";
import { AdminLayout } from "../AdminLayout";
import { IMPORT_CSV_LABEL, ManageProductsScreen } from "../products/ManageProductsScreen";
import { CatalogueImportScreen, CHECK_LABEL, FILE_LABEL, ZIP_LABEL } from "./CatalogueImportScreen";
import { CATALOGUE_IMPORTS_URL, CATALOGUE_PICTURES_URL, type ImportView, type PictureSetView } from "./importApi";
import { APPLY_AGAIN_LABEL, APPLY_LABEL, CHECK_AGAIN_LABEL, RESUME_LABEL } from "./ImportPanel";
import { CHOOSE_A_FILE, NOTHING_TO_APPLY } from "./importText";
import { IMPORT_POLL_MS } from "./useCatalogueImport";

const CSV = "sku,product_slug,product_name,price\r\nFERN-1,boston-fern,Boston Fern,12.50\r\n";
const at = { route: "/admin/catalogue-import", path: "/admin/catalogue-import" };
const planned = { created: 12, updated: 3, unchanged: 40, refused: 2 };
const refusals = [
  { line: 7, sku: "PALM-9", message: "line 7: price 'abc' is not a number" },
  { line: 12, sku: "", message: "line 12: the row has no sku and no product_slug" },
];

function importView(overrides: Partial<ImportView> = {}): ImportView {
  return {
    id: 41,
    fileName: "catalogue 2026.csv",
    status: "checking",
    stalled: false,
    totalRows: 1000,
    checkedRows: 0,
    appliedRows: 0,
    planned: null,
    plannedRefusals: [],
    applied: null,
    appliedRefusals: [],
    refusedRows: 0,
    error: null,
    createdBy: "admin@verdant.shop",
    createdAt: "2026-12-02T09:00:00.000Z",
    appliedAt: null,
    ...overrides,
  };
}
function pictureSet(overrides: Partial<PictureSetView> = {}): PictureSetView {
  return {
    id: 7,
    fileName: "photos spring.zip",
    status: "storing",
    stalled: false,
    total: 3,
    done: 0,
    stored: 0,
    refusals: [],
    error: null,
    createdAt: "2026-12-02T08:59:00.000Z",
    ...overrides,
  };
}
const brokenPicture = { name: "photos/broken.jpg", message: "The image must be a JPEG, PNG, WebP or GIF file." };
const storedSet = (overrides: Partial<PictureSetView> = {}) => pictureSet({ status: "stored", done: 3, stored: 2, refusals: [brokenPicture], ...overrides });
const checked = (overrides: Partial<ImportView> = {}) =>
  importView({ status: "checked", checkedRows: 1000, planned, plannedRefusals: refusals, refusedRows: 2, ...overrides });

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The server's import routes as fetch sees them: the latest imports, the file sent, each read of the import (in
 * turn, the last one repeated), and apply; and the zip of pictures sent and each read of its set (the same way).
 * An answer is a view (sent as the route's JSON) or a Response.
 */
function serveImports(answers: {
  latest?: ImportView[];
  sent?: ImportView | Response;
  reads?: ImportView[];
  applied?: ImportView | Response;
  zip?: PictureSetView | Response;
  zipReads?: PictureSetView[];
}) {
  const calls: Call[] = [];
  const reads = [...(answers.reads ?? [])];
  const zipReads = [...(answers.zipReads ?? [])];
  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const answer = (given: ImportView | Response | undefined, status: number) => (given instanceof Response ? given : json({ import: given }, status));
  const fetchMock = vi.fn(async (url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
    const call = { method: init.method ?? "GET", url, headers: init.headers ?? {}, body: init.body };
    calls.push(call);
    if (call.method === "POST" && url.startsWith(`${CATALOGUE_PICTURES_URL}?`)) return answers.zip instanceof Response ? answers.zip : json({ pictures: answers.zip }, 202);
    if (call.method === "GET" && url.startsWith(`${CATALOGUE_PICTURES_URL}/`)) return json({ pictures: zipReads.length > 1 ? zipReads.shift() : zipReads[0] });
    if (call.method === "GET" && url === CATALOGUE_IMPORTS_URL) return json({ imports: answers.latest ?? [] });
    if (call.method === "POST" && url.startsWith(`${CATALOGUE_IMPORTS_URL}?`)) return answer(answers.sent, 202);
    if (call.method === "POST" && url.endsWith("/apply")) return answer(answers.applied, 202);
    if (call.method === "GET" && url.startsWith(`${CATALOGUE_IMPORTS_URL}/`)) return json({ import: reads.length > 1 ? reads.shift() : reads[0] });
    throw new Error(`No answer for ${call.method} ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, posts: () => calls.filter((call) => call.method === "POST") };
}

const theFile = () => new File([CSV], "catalogue 2026.csv", { type: "text/csv" });
// A zip's first bytes (its local file header's signature) are enough here: the server opens it, not the screen.
const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]);
const theZip = () => new File([ZIP_BYTES], "photos spring.zip", { type: "application/zip" });
const fileInput = () => document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0]!;
const zipInput = () => document.querySelectorAll<HTMLInputElement>('input[type="file"]')[1]!;
/** Lets the screen's next poll go (the clock is fake, but also runs on its own). */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(IMPORT_POLL_MS));

function renderImport(user: SessionUser = admin) {
  const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { person, ...renderWithShop(<CatalogueImportScreen />, { ...at, user }) };
}

async function sendFile(person: ReturnType<typeof userEvent.setup>) {
  await person.upload(fileInput(), theFile());
  await person.click(screen.getByRole("button", { name: CHECK_LABEL }));
}

async function sendFileWithZip(person: ReturnType<typeof userEvent.setup>) {
  await person.upload(fileInput(), theFile());
  await person.upload(zipInput(), theZip());
  await person.click(screen.getByRole("button", { name: CHECK_LABEL }));
}

beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, "staff-token");
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Import products: checking a file", () => {
  it("sends the file's bytes as text/csv with the signed-in token and its name, then shows the check's progress", async () => {
    const server = serveImports({ sent: importView({ checkedRows: 0 }), reads: [importView({ checkedRows: 400 })] });
    const { person } = renderImport();
    expect(screen.getByRole("heading", { level: 1, name: "Import products" })).toBeInTheDocument();
    await sendFile(person);

    const [sent] = server.posts();
    expect(sent.url).toBe(`${CATALOGUE_IMPORTS_URL}?fileName=catalogue%202026.csv`);
    expect(sent.headers).toEqual({ "Content-Type": "text/csv", Authorization: "Bearer staff-token" });
    expect(await (sent.body as Blob).text()).toBe(CSV);

    const panel = await screen.findByRole("region", { name: "catalogue 2026.csv" });
    await waitFor(() => expect(within(panel).getByRole("heading", { name: "catalogue 2026.csv" })).toHaveFocus());
    expect(within(panel).getByText("Checking the file…").closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    await nextPoll();
    const bar = await within(panel).findByRole("progressbar", { name: "Checking the file" });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "40"));
    expect(bar).toHaveAttribute("aria-valuetext", "400 of 1,000 rows");
    expect(within(panel).getByText("Checking: 400 of 1,000 rows")).toBeInTheDocument();
    // One file at a time: another waits until this one is done.
    expect(screen.getByRole("button", { name: CHECK_LABEL })).toBeDisabled();
  });

  it("shows the dry run's plan and the refused rows (Line, SKU, Reason), and says when only the first are listed", async () => {
    serveImports({ sent: importView(), reads: [checked({ refusedRows: 1234 })] });
    const { person } = renderImport();
    await sendFile(person);
    await nextPoll();

    expect(await screen.findByText("Will create 12 products, update 3, leave 40 unchanged; 2 refused.")).toBeInTheDocument();
    expect(screen.getByText("Checked. Nothing in the shop has changed yet.")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Refused rows: the first 2 of 1,234" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Line", "SKU", "Reason"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["7", "PALM-9", "line 7: price 'abc' is not a number"],
      ["12", "—", "line 12: the row has no sku and no product_slug"],
    ]);
    // The check's bar stays, full.
    expect(screen.getByRole("progressbar", { name: "Checking the file" })).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByText("Checked: 1,000 of 1,000 rows")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: APPLY_LABEL })).toBeEnabled();
  });

  it("Apply import is off, and says why, when nothing in the file would change the catalogue", async () => {
    serveImports({ latest: [checked({ planned: { created: 0, updated: 0, unchanged: 55, refused: 0 }, plannedRefusals: [], refusedRows: 0 })] });
    renderImport();
    const apply = await screen.findByRole("button", { name: APPLY_LABEL });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAccessibleDescription(NOTHING_TO_APPLY);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("a file the server refuses: its faults at the file field, its message in a notification, nothing shown as checking", async () => {
    const refusal = Response.json({ message: "The file cannot be imported.", file: ["The file has no column named price (it has: sku, name)."] }, { status: 422 });
    serveImports({ sent: refusal });
    const { person } = renderImport();
    await sendFile(person);

    const field = screen.getByRole("button", { name: FILE_LABEL });
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining("The file has no column named price (it has: sku, name).")));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(await screen.findByText("The file cannot be imported.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "catalogue 2026.csv" })).not.toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("a file too large: the server's message at the field", async () => {
    serveImports({ sent: Response.json({ message: "The file is larger than 100 MB." }, { status: 413 }) });
    const { person } = renderImport();
    await sendFile(person);
    await waitFor(() => expect(screen.getByRole("button", { name: FILE_LABEL })).toHaveAccessibleDescription(expect.stringContaining("The file is larger than 100 MB.")));
  });

  it("Check file without a file asks for one and sends nothing", async () => {
    const server = serveImports({});
    const { person } = renderImport();
    await person.click(screen.getByRole("button", { name: CHECK_LABEL }));
    expect(screen.getByRole("button", { name: FILE_LABEL })).toHaveAccessibleDescription(expect.stringContaining(CHOOSE_A_FILE));
    expect(server.posts()).toEqual([]);
  });
});

describe("Import products: a zip of pictures with the file", () => {
  it("sends the zip first (its bytes as application/zip, with the token and its name), shows its storing, then the file with &pictures=<id>", async () => {
    const server = serveImports({
      zip: pictureSet(),
      zipReads: [pictureSet({ done: 1, stored: 1 }), storedSet({ refusals: [], stored: 3 })],
      sent: importView(),
      reads: [importView()],
    });
    const { person } = renderImport();
    expect(screen.getByRole("button", { name: ZIP_LABEL })).toHaveAccessibleDescription(expect.stringContaining("Rows may name a picture of the zip by its file name"));
    await sendFileWithZip(person);

    const [zipSent] = server.posts();
    expect(zipSent.url).toBe(`${CATALOGUE_PICTURES_URL}?fileName=photos%20spring.zip`);
    expect(zipSent.headers).toEqual({ "Content-Type": "application/zip", Authorization: "Bearer staff-token" });
    expect(new Uint8Array(await (zipSent.body as Blob).arrayBuffer())).toEqual(ZIP_BYTES);

    const zipPanel = await screen.findByRole("region", { name: "photos spring.zip" });
    await waitFor(() => expect(within(zipPanel).getByRole("heading", { name: "photos spring.zip" })).toHaveFocus());
    expect(within(zipPanel).getByText("Storing the pictures…").closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    await nextPoll();
    const bar = within(zipPanel).getByRole("progressbar", { name: "Storing pictures" });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "33"));
    expect(bar).toHaveAttribute("aria-valuetext", "1 of 3 pictures");
    expect(within(zipPanel).getByText("Storing pictures: 1 of 3")).toBeInTheDocument();
    // The file waits for its pictures, and no other file goes meanwhile.
    expect(server.posts()).toHaveLength(1);
    expect(screen.getByRole("button", { name: CHECK_LABEL })).toBeDisabled();
    await nextPoll();

    expect(await within(zipPanel).findByText("3 of 3 pictures stored; 0 refused.")).toBeInTheDocument();
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    await waitFor(() => expect(server.posts()).toHaveLength(2));
    const [, fileSent] = server.posts();
    expect(fileSent.url).toBe(`${CATALOGUE_IMPORTS_URL}?fileName=catalogue%202026.csv&pictures=7`);
    expect(await (fileSent.body as Blob).text()).toBe(CSV);
    const panel = await screen.findByRole("region", { name: "catalogue 2026.csv" });
    await waitFor(() => expect(within(panel).getByRole("heading", { name: "catalogue 2026.csv" })).toHaveFocus());
    expect(within(panel).getByText("Checking the file…")).toBeInTheDocument();
    expect(within(zipPanel).queryByRole("table")).not.toBeInTheDocument();
  });

  it("lists the refused pictures (Picture, Reason) and says how many were stored", async () => {
    serveImports({ zip: pictureSet(), zipReads: [storedSet()], sent: importView(), reads: [importView()] });
    const { person } = renderImport();
    await sendFileWithZip(person);
    await nextPoll();

    const zipPanel = await screen.findByRole("region", { name: "photos spring.zip" });
    expect(await within(zipPanel).findByText("2 of 3 pictures stored; 1 refused.")).toBeInTheDocument();
    expect(within(zipPanel).getByText("Pictures looked at: 3 of 3")).toBeInTheDocument();
    const table = within(zipPanel).getByRole("table", { name: "Refused pictures: 1" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Picture", "Reason"]);
    expect(within(table).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([["photos/broken.jpg", "The image must be a JPEG, PNG, WebP or GIF file."]]);
    expect(await screen.findByRole("region", { name: "catalogue 2026.csv" })).toBeInTheDocument();
  });

  it("a zip the server refuses (422): its words at the zip field and in a notification, and the file is not sent", async () => {
    const refusal = "The pictures file is not a zip archive: put the pictures in a .zip file and upload it again.";
    const server = serveImports({ zip: Response.json({ message: refusal, pictures: [refusal] }, { status: 422 }) });
    const { person } = renderImport();
    await sendFileWithZip(person);

    const field = screen.getByRole("button", { name: ZIP_LABEL });
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(screen.getAllByText(refusal).length).toBeGreaterThan(1);
    await waitFor(() => expect(field).toHaveFocus());
    expect(server.posts().map((call) => call.url)).toEqual([`${CATALOGUE_PICTURES_URL}?fileName=photos%20spring.zip`]);
    expect(screen.queryByRole("region", { name: "catalogue 2026.csv" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: CHECK_LABEL })).toBeEnabled();
  });

  it("a zip too large (413): the server's message at the zip field, and the file is not sent", async () => {
    const tooLarge = "The zip is larger than 512 MB: split the pictures into several zips and files.";
    const server = serveImports({ zip: Response.json({ error: tooLarge, message: tooLarge }, { status: 413 }) });
    const { person } = renderImport();
    await sendFileWithZip(person);
    await waitFor(() => expect(screen.getByRole("button", { name: ZIP_LABEL })).toHaveAccessibleDescription(expect.stringContaining(tooLarge)));
    expect(server.posts()).toHaveLength(1);
  });

  it.each([
    ["failed", pictureSet({ status: "failed", done: 1, error: "Storing the pictures stopped because of an error in the shop: upload the zip again." }), "Storing the pictures stopped because of an error in the shop: upload the zip again."],
    ["stopped", pictureSet({ stalled: true, done: 1 }), "Storing the pictures stopped before the end: upload the zip again (the pictures stored already are kept)."],
  ])("a zip whose storing %s: the reason at the zip field, and the file is not sent", async (_how, ended, reason) => {
    const server = serveImports({ zip: pictureSet(), zipReads: [ended] });
    const { person } = renderImport();
    await sendFileWithZip(person);
    await nextPoll();

    await waitFor(() => expect(screen.getByRole("button", { name: ZIP_LABEL })).toHaveAccessibleDescription(expect.stringContaining(reason)));
    expect(screen.getByText("Pictures looked at: 1 of 3")).toBeInTheDocument();
    await nextPoll();
    expect(server.posts()).toHaveLength(1);
    expect(server.calls.filter((call) => call.url.startsWith(`${CATALOGUE_PICTURES_URL}/`))).toHaveLength(1);
  });

  it("Try again after a failed check sends the file again with the same pictures, without sending the zip again", async () => {
    const server = serveImports({ zip: pictureSet(), zipReads: [storedSet()], sent: importView({ status: "failed", error: "The database stopped answering." }) });
    const { person } = renderImport();
    await sendFileWithZip(person);
    await nextPoll();
    const alert = await screen.findByRole("alert");
    await person.click(within(alert).getByRole("button", { name: CHECK_AGAIN_LABEL }));

    await waitFor(() => expect(server.posts()).toHaveLength(3));
    expect(server.posts().map((call) => call.url)).toEqual([
      `${CATALOGUE_PICTURES_URL}?fileName=photos%20spring.zip`,
      `${CATALOGUE_IMPORTS_URL}?fileName=catalogue%202026.csv&pictures=7`,
      `${CATALOGUE_IMPORTS_URL}?fileName=catalogue%202026.csv&pictures=7`,
    ]);
    expect(screen.getByRole("region", { name: "photos spring.zip" })).toBeInTheDocument();
  });

  it("without a zip nothing changes: no pictures call, and the file goes without &pictures", async () => {
    const server = serveImports({ sent: importView() });
    const { person } = renderImport();
    await sendFile(person);

    await screen.findByRole("region", { name: "catalogue 2026.csv" });
    expect(server.posts().map((call) => call.url)).toEqual([`${CATALOGUE_IMPORTS_URL}?fileName=catalogue%202026.csv`]);
    expect(server.calls.some((call) => call.url.startsWith(CATALOGUE_PICTURES_URL))).toBe(false);
    expect(screen.queryByRole("region", { name: "photos spring.zip" })).not.toBeInTheDocument();
  });

  it("a zip without a file: Check file asks for the file and sends neither", async () => {
    const server = serveImports({});
    const { person } = renderImport();
    await person.upload(zipInput(), theZip());
    await person.click(screen.getByRole("button", { name: CHECK_LABEL }));
    expect(screen.getByRole("button", { name: FILE_LABEL })).toHaveAccessibleDescription(expect.stringContaining(CHOOSE_A_FILE));
    expect(server.posts()).toEqual([]);
  });
});

describe("Import products: applying", () => {
  it("Apply import posts apply for the import shown, then follows the application to its end", async () => {
    const applying = (rows: number) => checked({ status: "applying", appliedRows: rows, applied: { created: 0, updated: 0, unchanged: 0, refused: 0 } });
    const server = serveImports({
      latest: [checked()],
      applied: applying(0),
      reads: [applying(500), checked({ status: "applied", appliedRows: 1000, applied: planned, appliedAt: "2026-12-02T09:05:00.000Z" })],
    });
    const { person } = renderImport();
    await person.click(await screen.findByRole("button", { name: APPLY_LABEL }));

    expect(server.posts().map((call) => [call.url, call.headers])).toEqual([[`${CATALOGUE_IMPORTS_URL}/41/apply`, { Authorization: "Bearer staff-token" }]]);
    expect(await screen.findByText("Applying the import…")).toBeInTheDocument();
    await nextPoll();
    const bar = await screen.findByRole("progressbar", { name: "Applying the import" });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "50"));
    expect(screen.getByText("Applying: 500 of 1,000 rows")).toBeInTheDocument();
    await nextPoll();

    expect(await screen.findByText("Created 12 products, updated 3, left 40 unchanged; 2 refused.")).toBeInTheDocument();
    expect(screen.getByText("Done.")).toBeInTheDocument();
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByText("Applied: 1,000 of 1,000 rows")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import another file" })).toBeInTheDocument();
    // Done: no more asking.
    const reads = server.calls.length;
    await nextPoll();
    expect(server.calls).toHaveLength(reads);
  });

  it("a refusal to apply (still checking, already applied) shows the server's words", async () => {
    serveImports({ latest: [checked()], applied: Response.json({ message: "This import is already being applied." }, { status: 409 }), reads: [checked()] });
    const { person } = renderImport();
    await person.click(await screen.findByRole("button", { name: APPLY_LABEL }));
    expect((await screen.findAllByText("This import is already being applied.")).length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: APPLY_LABEL })).toBeEnabled();
  });

  it("an import that stopped while applying says so and offers Resume import, which applies it again", async () => {
    const stopped = checked({ status: "applying", stalled: true, appliedRows: 300 });
    const server = serveImports({ latest: [stopped], applied: checked({ status: "applying", appliedRows: 300 }) });
    const { person } = renderImport();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The import stopped before the end");
    expect(alert).toHaveTextContent("300 of 1,000 rows were applied.");
    await person.click(within(alert).getByRole("button", { name: RESUME_LABEL }));
    expect(server.posts().map((call) => call.url)).toEqual([`${CATALOGUE_IMPORTS_URL}/41/apply`]);
    expect(await screen.findByText("Applying the import…")).toBeInTheDocument();
  });

  it("an import that failed on the way: the server's words in an alert, and Apply again resumes it", async () => {
    const failed = checked({ status: "failed", appliedRows: 200, error: "The database stopped answering.", applied: { created: 2, updated: 0, unchanged: 10, refused: 0 } });
    const server = serveImports({ latest: [checked()], applied: failed, reads: [] });
    const { person } = renderImport();
    await person.click(await screen.findByRole("button", { name: APPLY_LABEL }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The import failed");
    expect(alert).toHaveTextContent("The database stopped answering.");
    expect(alert).toHaveTextContent("So far: Created 2 products, updated 0, left 10 unchanged; 0 refused.");
    await person.click(within(alert).getByRole("button", { name: APPLY_AGAIN_LABEL }));
    expect(server.posts()).toHaveLength(2);
  });
});

describe("Import products: after a reload", () => {
  it("a failed import is over: the screen opens on the file field, not on it", async () => {
    const server = serveImports({ latest: [checked({ status: "failed", error: "The database stopped answering." })] });
    renderImport();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "catalogue 2026.csv" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: CHECK_LABEL })).toBeEnabled();
  });

  it("an import still being checked is shown again and followed", async () => {
    serveImports({ latest: [importView({ checkedRows: 100 })], reads: [importView({ checkedRows: 900 })] });
    renderImport();
    const bar = await screen.findByRole("progressbar", { name: "Checking the file" });
    expect(bar).toHaveAttribute("aria-valuenow", "10");
    await nextPoll();
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "90"));
  });
});

describe("Import products: only for those who may change the catalogue (catalogue:write)", () => {
  const alerts = { request: { query: WebhookAlertsDocument }, result: { data: { webhookEndpoints: [] } }, maxUsageCount: Number.POSITIVE_INFINITY };
  const renderInFrame = (user: SessionUser) =>
    renderRoutes([{ element: <AdminLayout />, children: [{ path: "/admin/catalogue-import", element: <CatalogueImportScreen />, handle: { adminPage: "/admin/catalogue-import" } }] }], {
      route: "/admin/catalogue-import",
      user,
      mocks: [alerts] as never,
    });
  const adminMenu = () => screen.getAllByRole("navigation", { name: "Admin" })[0]!;
  const renderProducts = (user: SessionUser) =>
    renderWithShop(<ManageProductsScreen />, { route: "/admin/manage-product", path: "/admin/manage-product", user, mocks: [queryMock(AdminProductsDocument, { first: ADMIN_PAGE_SIZE }, { products: connection("Product", [], {}) })] });

  it("a catalogue manager has the menu link and the screen", async () => {
    serveImports({});
    renderInFrame(catalogueManager);
    expect(await screen.findByRole("heading", { level: 1, name: "Import products" })).toBeInTheDocument();
    expect(within(adminMenu()).getByRole("link", { name: "Import products" })).toHaveAttribute("href", "/admin/catalogue-import");
  });

  it("support (who reads the catalogue) has no menu link, and the address answers 'Not allowed'", async () => {
    serveImports({});
    renderInFrame(support);
    expect(await screen.findByRole("heading", { level: 1, name: "Not allowed" })).toBeInTheDocument();
    expect(within(adminMenu()).queryByRole("link", { name: "Import products" })).not.toBeInTheDocument();
  });

  it("'Import CSV' beside 'Export CSV' on Manage products opens the screen, for those who may change the catalogue only", async () => {
    renderProducts(catalogueManager);
    expect(await screen.findByRole("link", { name: IMPORT_CSV_LABEL })).toHaveAttribute("href", "/admin/catalogue-import");
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeInTheDocument();
  });

  it("support sees Export CSV but not Import CSV", async () => {
    renderProducts(support);
    expect(await screen.findByRole("button", { name: "Export CSV" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: IMPORT_CSV_LABEL })).not.toBeInTheDocument();
  });
});
