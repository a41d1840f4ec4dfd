// @vitest-environment node
import { describe, expect, it } from "vitest";
import { advancesByItself, CAROUSEL_ADVANCE_MS, nextSlide, previousSlide } from "./carousel";

describe("Carousel: with two images it advances by itself every 10 seconds and wraps; previous and next also wrap", () => {
  it("advances every 10000 ms", () => {
    expect(CAROUSEL_ADVANCE_MS).toBe(10000);
  });
  it("advances by itself only with two or more images", () => {
    expect(advancesByItself(1)).toBe(false);
    expect(advancesByItself(2)).toBe(true);
  });
  it("next wraps from the last image to the first", () => {
    expect(nextSlide(0, 2)).toBe(1);
    expect(nextSlide(1, 2)).toBe(0);
  });
  it("previous wraps from the first image to the last", () => {
    expect(previousSlide(0, 2)).toBe(1);
    expect(previousSlide(1, 2)).toBe(0);
  });
  it("stays on the only image", () => {
    expect(nextSlide(0, 1)).toBe(0);
    expect(previousSlide(0, 1)).toBe(0);
  });
});
