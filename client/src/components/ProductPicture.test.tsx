import { fireEvent, render, screen } from "@testing-library/react";
import { MantineProvider } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { picture } from "../test/fixtures";
import { PICTURE_FALLBACK, ProductPicture } from "./ProductPicture";

const show = (element: React.ReactElement) => render(<MantineProvider>{element}</MantineProvider>);

describe("ProductPicture: one picture, every rendition, no layout shift", () => {
  it("offers AVIF and WebP sources and the JPEG srcset with the layout's sizes, and reserves the picture's width and height", () => {
    const { container } = show(<ProductPicture image={picture("fern", "Boston Fern")} sizes="(min-width: 62em) 600px, 100vw" h={300} />);
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((source) => [source.getAttribute("type"), source.getAttribute("sizes")])).toEqual([
      ["image/avif", "(min-width: 62em) 600px, 100vw"],
      ["image/webp", "(min-width: 62em) 600px, 100vw"],
    ]);
    expect(sources[0].getAttribute("srcset")).toBe("/uploads/fern-320.avif 320w, /uploads/fern-640.avif 640w");
    const image = screen.getByRole("img", { name: "Boston Fern" });
    expect(image).toHaveAttribute("srcset", "/uploads/fern-320.jpg 320w, /uploads/fern-640.jpg 640w");
    expect(image).toHaveAttribute("width", "800");
    expect(image).toHaveAttribute("height", "600");
  });

  it("loads lazily and decodes off the main thread by default; the page's main picture eagerly with fetchpriority=high", () => {
    show(
      <>
        <ProductPicture image={picture("below", "Below the fold")} sizes="100px" />
        <ProductPicture image={picture("main", "Main picture")} sizes="100vw" priority />
        <ProductPicture image={picture("first-row", "First row")} sizes="100px" eager />
      </>,
    );
    const below = screen.getByRole("img", { name: "Below the fold" });
    expect(below).toHaveAttribute("loading", "lazy");
    expect(below).toHaveAttribute("decoding", "async");
    expect(below).not.toHaveAttribute("fetchpriority");
    const main = screen.getByRole("img", { name: "Main picture" });
    expect(main).toHaveAttribute("loading", "eager");
    expect(main).toHaveAttribute("fetchpriority", "high");
    expect(screen.getByRole("img", { name: "First row" })).toHaveAttribute("loading", "eager");
  });

  it("shows the blurred placeholder until the picture has loaded", () => {
    show(<ProductPicture image={picture("fern")} sizes="100px" />);
    const box = screen.getByRole("img").closest("picture")!.parentElement!;
    expect(box).toHaveAttribute("data-placeholder", "shown");
    expect(box.style.backgroundImage).toContain("data:image/webp;base64,");
    fireEvent.load(screen.getByRole("img"));
    expect(box).not.toHaveAttribute("data-placeholder");
    expect(box.style.backgroundImage).toBe("");
  });

  it("uses a plain URL when there is no picture (a cart saved before), and the shop's fallback when loading fails", () => {
    show(<ProductPicture image={null} src="/uploads/old.jpg" alt="Old fern" sizes="80px" />);
    const image = screen.getByRole("img", { name: "Old fern" });
    expect(image).toHaveAttribute("src", "/uploads/old.jpg");
    fireEvent.error(image);
    expect(screen.getByRole("img", { name: "Old fern" })).toHaveAttribute("src", PICTURE_FALLBACK);
  });
});
