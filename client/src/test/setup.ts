// Test environment for Testing Library + Mantine under jsdom.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

const inBrowser = typeof window !== "undefined";

// Mantine reads these browser APIs that jsdom does not implement.
if (inBrowser && !window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (inBrowser) {
  if (!("ResizeObserver" in window)) {
    Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  Object.defineProperty(window, "scrollTo", { writable: true, value: () => {} });

  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    localStorage.clear();
  });
}
