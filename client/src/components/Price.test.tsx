import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithShop } from "../test/renderWithShop";
import { Price } from "./Price";

describe("Price: current price (discount price if present, else price); the original struck through when discounted", () => {
  it("shows the discount price and strikes through the price", async () => {
    renderWithShop(<Price product={{ price: 1250, discountPrice: 999.5 }} />);
    expect(await screen.findByTestId("current-price")).toHaveTextContent("$999.50");
    expect(screen.getByTestId("original-price")).toHaveTextContent("$1,250.00");
  });

  it("shows the price alone without a discount", async () => {
    renderWithShop(<Price product={{ price: 12, discountPrice: null }} />);
    expect(await screen.findByTestId("current-price")).toHaveTextContent("$12.00");
    expect(screen.queryByTestId("original-price")).not.toBeInTheDocument();
  });

  it("a product whose variants sell at different prices reads 'from $X', X the lowest unit price, nothing struck through", async () => {
    renderWithShop(<Price product={{ price: 34.99, discountPrice: 29.99 }} range={{ min: 24.99, max: 59.99 }} />);
    expect(await screen.findByTestId("current-price")).toHaveTextContent(/^from \$24\.99$/);
    expect(screen.queryByTestId("original-price")).not.toBeInTheDocument();
  });

  it("a product whose variants all sell at one price shows it as today", async () => {
    renderWithShop(<Price product={{ price: 30, discountPrice: 20 }} range={{ min: 20, max: 20 }} />);
    expect(await screen.findByTestId("current-price")).toHaveTextContent(/^\$20\.00$/);
    expect(screen.getByTestId("original-price")).toHaveTextContent("$30.00");
  });
});
