import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notifyPlain } from "../lib/notify";
import { NotificationsHost } from "./NotificationsHost";

describe("the notifications host", () => {
  it("is not drawn until a toast is asked for; the first one asked for then shows", async () => {
    render(
      <MantineProvider>
        <NotificationsHost />
      </MantineProvider>,
    );
    // Give a lazy host every chance to appear (its module loaded, and past React's 300 ms throttle on showing
    // what a Suspense boundary waited for): it must not.
    await import("@mantine/notifications");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(document.querySelector("[data-position]")).toBeNull();

    notifyPlain("Saved for later");
    expect(await screen.findByText("Saved for later")).toBeTruthy();
    expect(document.querySelectorAll("[data-position]")).toHaveLength(6);
  });
});
