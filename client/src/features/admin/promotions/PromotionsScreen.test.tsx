import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminPromotionsDocument, DeletePromotionDocument, SetPromotionPausedDocument } from "./operations";
import { admin, renderWithShop } from "../../../test/renderWithShop";
import { promotionFixture } from "./promotionFixtures";
import { PromotionsScreen } from "./PromotionsScreen";

afterEach(() => notifications.clean());

const list = { route: "/admin/promotions", path: "/admin/promotions", user: admin };
const listMock = (promotions: object[], extra: object = {}) => ({ request: { query: AdminPromotionsDocument }, result: { data: { promotions } }, ...extra });
const cellsOf = (name: string) =>
  within(screen.getByRole("row", { name }))
    .getAllByRole("cell")
    .slice(0, 6)
    .map((cell) => cell.textContent);

const autumn = promotionFixture(5, { name: "Autumn sale", percent: 15, code: "AUTUMN15", codeCount: 21, uses: 3, usageLimit: 10, endsAt: "2026-11-30T18:00:00.000Z" });
const fiver = promotionFixture(4, { name: "Five off ferns", kind: "AMOUNT_OFF", percent: null, amount: 5, code: null, codeCount: 500, status: "SCHEDULED", startsAt: "2026-12-01T09:00:00.000Z" });
const bundle = promotionFixture(3, { name: "Pots bundle", kind: "BUY_X_GET_Y", percent: null, buyQuantity: 2, getQuantity: 1, automatic: true, code: null, codeCount: 0, paused: true, status: "PAUSED", uses: 7 });
const delivery = promotionFixture(2, { name: "Free delivery week", kind: "FREE_DELIVERY", percent: null, automatic: true, code: null, codeCount: 0, status: "ENDED" });
const usedUp = promotionFixture(1, { name: "First ten", status: "USED_UP", uses: 10, usageLimit: 10 });

describe("Promotions list", () => {
  it("shows each promotion: name, what it takes off in words, code or Automatic, status as a badge with text, uses, dates; newest first", async () => {
    renderWithShop(<PromotionsScreen />, { ...list, mocks: [listMock([autumn, fiver, bundle, delivery, usedUp], { delay: 20 })] });
    expect(screen.getByRole("status", { name: "Loading promotions" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Promotions" })).toBeInTheDocument();
    expect(await screen.findByText("Total promotions: 5")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New promotion" })).toHaveAttribute("href", "/admin/promotions/new");
    expect(cellsOf("Autumn sale")).toEqual(["Autumn sale", "15% off", "AUTUMN15and 20 single-use codes", "Active", "3 / 10", "Until Nov 30, 2026, 6:00 PM"]);
    expect(cellsOf("Five off ferns")).toEqual(["Five off ferns", "$5.00 off", "500 single-use codes", "Scheduled", "0", "From Dec 1, 2026, 9:00 AM"]);
    expect(cellsOf("Pots bundle")).toEqual(["Pots bundle", "Buy 2, get 1 free", "Automatic", "Paused", "7", "Any time"]);
    expect(cellsOf("Free delivery week")).toEqual(["Free delivery week", "Free delivery", "Automatic", "Ended", "0", "Any time"]);
    expect(cellsOf("First ten")).toEqual(["First ten", "10% off", "CODE1", "Used up", "10 / 10", "Any time"]);
    const row = screen.getByRole("row", { name: "Autumn sale" });
    expect(within(row).getByRole("link", { name: "Edit Autumn sale" })).toHaveAttribute("href", "/admin/promotions/5");
    expect(within(row).getByRole("button", { name: "Pause Autumn sale" })).toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: "Pots bundle" })).getByRole("button", { name: "Resume Pots bundle" })).toBeInTheDocument();
  });

  it("says when there are none yet", async () => {
    renderWithShop(<PromotionsScreen />, { ...list, mocks: [listMock([])] });
    expect(await screen.findByText("No promotions yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Make the first one" })).toHaveAttribute("href", "/admin/promotions/new");
  });

  it("a failed load shows the server's message and 'Try again'", async () => {
    renderWithShop(<PromotionsScreen />, { ...list, mocks: [{ request: { query: AdminPromotionsDocument }, result: { errors: [{ message: "Promotions are resting." }] } }] });
    expect(await screen.findByRole("alert")).toHaveTextContent("Promotions are resting.");
    expect(screen.getByText("We could not load the promotions.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("Pause pauses it (the badge says Paused, the button becomes Resume); Resume runs it again", async () => {
    const paused = vi.fn(() => ({ data: { setPromotionPaused: { __typename: "Promotion", id: 5, paused: true, status: "PAUSED" } } }));
    renderWithShop(<PromotionsScreen />, {
      ...list,
      mocks: [
        listMock([autumn]),
        { request: { query: SetPromotionPausedDocument, variables: { id: 5, paused: true } }, result: paused },
        { request: { query: SetPromotionPausedDocument, variables: { id: 5, paused: false } }, result: { data: { setPromotionPaused: { __typename: "Promotion", id: 5, paused: false, status: "ACTIVE" } } } },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Pause Autumn sale" }));
    expect(await screen.findByText("Autumn sale paused.")).toBeInTheDocument();
    const row = screen.getByRole("row", { name: "Autumn sale" });
    expect(within(row).getByText("Paused")).toBeInTheDocument();
    expect(paused).toHaveBeenCalledTimes(1);
    await userEvent.click(within(row).getByRole("button", { name: "Resume Autumn sale" }));
    expect(await screen.findByText("Autumn sale resumed.")).toBeInTheDocument();
    expect(within(row).getByText("Active")).toBeInTheDocument();
  });

  it("a refused pause shows the server's message", async () => {
    renderWithShop(<PromotionsScreen />, {
      ...list,
      mocks: [listMock([autumn]), { request: { query: SetPromotionPausedDocument, variables: { id: 5, paused: true } }, result: { errors: [{ message: "Promotion not found.", extensions: { code: "NOT_FOUND" } }] } }],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Pause Autumn sale" }));
    expect(await screen.findByText("Promotion not found.")).toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: "Autumn sale" })).getByText("Active")).toBeInTheDocument();
  });

  it("Delete asks first; Cancel keeps it, 'Delete promotion' deletes it and it leaves the list", async () => {
    const deleted = vi.fn(() => ({ data: { deletePromotion: { __typename: "Message", message: "Promotion deleted." } } }));
    renderWithShop(<PromotionsScreen />, {
      ...list,
      mocks: [listMock([autumn, fiver]), { request: { query: DeletePromotionDocument, variables: { id: 5 } }, result: deleted }],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete Autumn sale" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Autumn sale?" });
    expect(within(dialog).getByText(/Orders that got it keep its name and amount/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deleted).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Delete Autumn sale" }));
    await userEvent.click(within(await screen.findByRole("dialog", { name: "Delete Autumn sale?" })).getByRole("button", { name: "Delete promotion" }));
    expect(await screen.findByText("Promotion deleted.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("row", { name: "Autumn sale" })).not.toBeInTheDocument());
    expect(screen.getByRole("row", { name: "Five off ferns" })).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledTimes(1);
  });
});
