import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { picture } from "../test/fixtures";
import { renderWithShop } from "../test/renderWithShop";
import { cardLoading, ProductCard, type ProductCardProduct } from "./ProductCard";

const fern: ProductCardProduct = {
  id: 1,
  slug: "boston-fern",
  name: "Boston Fern",
  image: picture("fern", "Boston Fern"),
  price: 30,
  discountPrice: 20,
  quantity: 4,
  priceRange: { min: 20, max: 20 },
  variantCount: 1,
  totalQuantity: 4,
  bestDiscount: { price: 30, discountPrice: 20 },
  rating: 14,
  peopleRated: 3,
};

async function renderCard(product: ProductCardProduct, admin?: Parameters<typeof ProductCard>[0]["admin"]) {
  renderWithShop(<ProductCard product={product} admin={admin} />);
  return screen.findByRole("article", { name: product.name });
}

describe("Product card", () => {
  it("links to /products/{slug}", async () => {
    const card = await renderCard(fern);
    expect(within(card).getByRole("link", { name: /boston fern/i })).toHaveAttribute("href", "/products/boston-fern");
  });

  it("shows a discount badge '-N%' when a discount price exists", async () => {
    const card = await renderCard(fern);
    expect(within(card).getByText("-33%")).toBeInTheDocument();
  });

  it("shows no badge without a discount price", async () => {
    const card = await renderCard({ ...fern, discountPrice: null, bestDiscount: null });
    expect(within(card).queryByText(/^-\d+%$/)).not.toBeInTheDocument();
  });

  it("shows an 'Out Of Stock' overlay when quantity is 0", async () => {
    const card = await renderCard({ ...fern, quantity: 0 });
    expect(within(card).getByText("Out Of Stock")).toBeInTheDocument();
  });

  it("in a grid: the first row on a phone is asked for first, the first screen at once, the rest when scrolled to", async () => {
    const pictureAt = async (index: number) => {
      const { unmount } = renderWithShop(<ProductCard product={fern} {...cardLoading(index)} />);
      const image = within(await screen.findByRole("article", { name: fern.name })).getByRole("presentation");
      const seen = [image.getAttribute("loading"), image.getAttribute("fetchpriority")];
      unmount();
      return seen;
    };
    expect(await pictureAt(0)).toEqual(["eager", "high"]);
    expect(await pictureAt(1)).toEqual(["eager", "high"]);
    expect(await pictureAt(2)).toEqual(["eager", null]);
    expect(await pictureAt(6)).toEqual(["lazy", null]);
  });

  it("has no overlay while in stock", async () => {
    const card = await renderCard(fern);
    expect(within(card).queryByText("Out Of Stock")).not.toBeInTheDocument();
  });

  it("shows the image (image_one) in every rendition as decoration (its name is written beside it), and the name", async () => {
    const card = await renderCard(fern);
    // alt="": a screen reader reads the name once, from the text under the picture.
    const image = within(card).getByRole("presentation");
    expect(image).toHaveAttribute("alt", "");
    expect(image).toHaveAttribute("src", "/uploads/fern-640.jpg");
    expect(image).toHaveAttribute("srcset", fern.image.srcSet);
    expect(image.getAttribute("sizes")).toMatch(/^\(min-width: 75em\) 202px, /);
    expect(image).toHaveAttribute("width", "800");
    expect(image).toHaveAttribute("height", "600");
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).toHaveAttribute("decoding", "async");
    const sources = [...card.querySelectorAll("picture source")].map((source) => source.getAttribute("type"));
    expect(sources).toEqual(["image/avif", "image/webp"]);
    expect(within(card).getByText("Boston Fern")).toBeInTheDocument();
  });

  it("shows the current price and the original price struck through when discounted", async () => {
    const card = await renderCard(fern);
    expect(within(card).getByTestId("current-price")).toHaveTextContent("$20.00");
    const original = within(card).getByTestId("original-price");
    expect(original).toHaveTextContent("$30.00");
    expect(original.tagName).toBe("S");
  });

  it("shows only the price when not discounted", async () => {
    const card = await renderCard({ ...fern, discountPrice: null, bestDiscount: null });
    expect(within(card).getByTestId("current-price")).toHaveTextContent("$30.00");
    expect(within(card).queryByTestId("original-price")).not.toBeInTheDocument();
  });

  it("shows '{n} item(s) left'", async () => {
    const card = await renderCard(fern);
    expect(within(card).getByText("4 item(s) left")).toBeInTheDocument();
  });

  it("shows the whole-number part of rating / people_rated out of 5 stars, with the count of raters in brackets", async () => {
    const card = await renderCard(fern);
    expect(within(card).getByRole("img", { name: "4 out of 5 stars" })).toBeInTheDocument();
    expect(within(card).getByText("(3)")).toBeInTheDocument();
  });

  it("shows 'No ratings yet' when nobody has rated", async () => {
    const card = await renderCard({ ...fern, rating: 0, peopleRated: 0 });
    expect(within(card).getByText("No ratings yet")).toBeInTheDocument();
    expect(within(card).queryByRole("img", { name: /out of 5 stars/ })).not.toBeInTheDocument();
  });

  it("has no admin buttons in the storefront", async () => {
    const card = await renderCard(fern);
    expect(within(card).queryByText("Edit Product")).not.toBeInTheDocument();
    expect(within(card).queryByText("Delete Product")).not.toBeInTheDocument();
  });
});

describe("Product card: a product sold in several variants", () => {
  const monstera: ProductCardProduct = {
    ...fern,
    id: 2,
    slug: "monstera-deliciosa",
    name: "Monstera Deliciosa",
    price: 34.99,
    discountPrice: 29.99,
    quantity: 18,
    priceRange: { min: 24.99, max: 59.99 },
    variantCount: 3,
    totalQuantity: 27,
    bestDiscount: { price: 34.99, discountPrice: 29.99 },
  };

  it("shows the best discount among its variants as the badge", async () => {
    const card = await renderCard({ ...monstera, discountPrice: null, bestDiscount: { price: 59.99, discountPrice: 29.99 } });
    expect(within(card).getByText("-50%")).toBeInTheDocument();
    const none = await renderCard({ ...monstera, slug: "undiscounted", name: "Undiscounted", discountPrice: null, bestDiscount: null });
    expect(within(none).queryByText(/^-\d+%$/)).not.toBeInTheDocument();
  });

  it("reads 'from $X' (X the lowest unit price of its variants) when their prices differ", async () => {
    const card = await renderCard(monstera);
    expect(within(card).getByTestId("current-price")).toHaveTextContent(/^from \$24\.99$/);
    expect(within(card).queryByTestId("original-price")).not.toBeInTheDocument();
  });

  it("shows its price as a one-variant product's when every variant sells at one price", async () => {
    const card = await renderCard({ ...monstera, priceRange: { min: 29.99, max: 29.99 } });
    expect(within(card).getByTestId("current-price")).toHaveTextContent(/^\$29\.99$/);
    expect(within(card).getByTestId("original-price")).toHaveTextContent("$34.99");
  });

  it("counts what every variant has left, and is out of stock only when all are", async () => {
    expect(within(await renderCard(monstera)).getByText("27 item(s) left")).toBeInTheDocument();
  });

  it("is not sold out while another variant than the default has stock", async () => {
    const card = await renderCard({ ...monstera, slug: "sold-default", name: "Sold Default", quantity: 0, totalQuantity: 9 });
    expect(within(card).queryByText("Out Of Stock")).not.toBeInTheDocument();
    expect(within(card).getByText("9 item(s) left")).toBeInTheDocument();
  });
});

describe("Product card: admin variant", () => {
  it("adds an 'Edit Product' link to /admin/edit-product/{slug}", async () => {
    const card = await renderCard(fern, { onDelete: () => {}, deleting: false });
    expect(within(card).getByRole("link", { name: "Edit Product" })).toHaveAttribute("href", "/admin/edit-product/boston-fern");
  });

  it("adds a 'Delete Product' button", async () => {
    const onDelete = vi.fn();
    const card = await renderCard(fern, { onDelete, deleting: false });
    await userEvent.click(within(card).getByRole("button", { name: "Delete Product" }));
    expect(onDelete).toHaveBeenCalledWith(fern);
  });

  it("shows a spinner on 'Delete Product' while deleting", async () => {
    const card = await renderCard(fern, { onDelete: () => {}, deleting: true });
    const button = within(card).getByRole("button", { name: "Delete Product" });
    expect(button).toHaveAttribute("data-loading", "true");
    expect(button).toBeDisabled();
  });
});
