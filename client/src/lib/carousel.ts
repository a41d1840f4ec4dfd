// The product image carousel: with two or more images it advances by itself
// every 10 seconds and wraps; previous and next also wrap.

export const CAROUSEL_ADVANCE_MS = 10_000;

export const nextSlide = (index: number, count: number) => (count > 0 ? (index + 1) % count : 0);
export const previousSlide = (index: number, count: number) => (count > 0 ? (index - 1 + count) % count : 0);
export const advancesByItself = (count: number) => count >= 2;
