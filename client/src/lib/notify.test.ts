import { notifications } from "@mantine/notifications";
import { describe, expect, it, vi } from "vitest";
import { NOTIFICATION_LIMIT, notificationFor, notifyError, notifyLoading, notifyPlain, notifySuccess, replaceNotification, reportChange } from "./notify";

describe("Toast durations: 4000 ms for error and blank, 2000 ms for success, loading does not expire; at most 20 kept", () => {
  it("error toasts close after 4000 ms", () => {
    expect(notificationFor("error", "x").autoClose).toBe(4000);
  });
  it("plain (blank) toasts close after 4000 ms", () => {
    expect(notificationFor("plain", "x").autoClose).toBe(4000);
  });
  it("success toasts close after 2000 ms", () => {
    expect(notificationFor("success", "x").autoClose).toBe(2000);
  });
  it("loading toasts do not expire", () => {
    expect(notificationFor("loading", "x")).toMatchObject({ autoClose: false, loading: true });
  });
  it("at most 20 are kept", () => {
    expect(NOTIFICATION_LIMIT).toBe(20);
  });

  it("shows each kind through @mantine/notifications", async () => {
    const show = vi.spyOn(notifications, "show").mockReturnValue("id-1");
    notifyError("Product is out of stock");
    notifySuccess("Log in successful");
    notifyPlain("Hello");
    const loadingId = notifyLoading("Logging out...");
    await vi.dynamicImportSettled();
    await Promise.resolve();
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ id: loadingId }));
    expect(show.mock.calls.map(([options]) => [options.message, options.autoClose])).toEqual([
      ["Product is out of stock", 4000],
      ["Log in successful", 2000],
      ["Hello", 4000],
      ["Logging out...", false],
    ]);
  });

  it("a loading toast is replaced by the outcome, which then expires", async () => {
    const update = vi.spyOn(notifications, "update").mockReturnValue("id-1");
    replaceNotification("id-1", "success", "Logout successful!");
    await vi.dynamicImportSettled();
    await Promise.resolve();
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: "id-1", message: "Logout successful!", autoClose: 2000, loading: false }));
  });
});

describe("A change the user asked for: the server's message on success, then on; the failure reported", () => {
  it("success shows the server's message as a success toast, then goes on", async () => {
    const show = vi.spyOn(notifications, "show").mockReturnValue("id-1");
    const reportFailure = vi.fn();
    const then = vi.fn();
    const failure = await reportChange(Promise.resolve({ data: { message: "Category created" } }), (data) => data.message, reportFailure, then);
    await vi.dynamicImportSettled();
    await Promise.resolve();
    expect(failure).toBeUndefined();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: "Category created", autoClose: 2000 }));
    expect(then).toHaveBeenCalledOnce();
    expect(reportFailure).not.toHaveBeenCalled();
  });

  it("a failure is reported and handed back, and the change does not go on", async () => {
    const refused = new Error("Category already exists");
    const reportFailure = vi.fn();
    const then = vi.fn();
    const failure = await reportChange(Promise.reject(refused), () => "never", reportFailure, then);
    expect(failure).toBe(refused);
    expect(reportFailure).toHaveBeenCalledWith(refused);
    expect(then).not.toHaveBeenCalled();
  });

  it("what goes on after success failing is reported too (a reload after rating)", async () => {
    const reportFailure = vi.fn();
    const failure = await reportChange(Promise.resolve({ data: null }), () => "never", reportFailure, () => Promise.reject(new Error("reload failed")));
    expect(reportFailure).toHaveBeenCalledOnce();
    expect(failure).toBeInstanceOf(Error);
  });
});
