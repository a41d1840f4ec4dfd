import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { emptyCard } from "../lib/card/cardRules";
import { renderWithShop } from "../test/renderWithShop";
import { CardPreview } from "./CardPreview";

describe("Card preview: a live preview with the issuer", () => {
  it("shows placeholders before anything is typed", async () => {
    renderWithShop(<CardPreview card={emptyCard()} />);
    expect(await screen.findByTestId("card-number")).toHaveTextContent("•••• •••• •••• ••••");
    expect(screen.getByTestId("card-issuer")).toHaveTextContent("Card");
    expect(screen.getByTestId("card-name")).toHaveTextContent("Your name here");
    expect(screen.getByTestId("card-expiry")).toHaveTextContent("••/••");
  });

  it("shows the issuer detected from the leading digits and the number as typed", async () => {
    renderWithShop(<CardPreview card={{ number: "3782", expiry: "12", cvc: "", name: "Ada Gardener" }} />);
    expect(await screen.findByTestId("card-preview")).toHaveAttribute("data-issuer", "american express");
    expect(screen.getByTestId("card-issuer")).toHaveTextContent("american express");
    expect(screen.getByTestId("card-number")).toHaveTextContent("3782 •••••• •••••");
    expect(screen.getByTestId("card-name")).toHaveTextContent("Ada Gardener");
    expect(screen.getByTestId("card-expiry")).toHaveTextContent("12/••");
  });

  it("runs the Luhn check once the number is complete", async () => {
    const { unmount } = renderWithShop(<CardPreview card={{ ...emptyCard(), number: "4111111111111111" }} />);
    expect(await screen.findByTestId("card-luhn")).toHaveTextContent("Card number passes the Luhn check");
    unmount();
    renderWithShop(<CardPreview card={{ ...emptyCard(), number: "4111111111111112" }} />);
    expect(await screen.findByTestId("card-luhn")).toHaveTextContent("Card number fails the Luhn check");
  });
});
