// Test environment for Testing Library + Mantine under jsdom.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { fakeMediaQueryList } from "./mediaQuery";

// CI runs the suite on two busy cores: a screen that settles in 50 ms alone can take over a second
// there, and Testing Library's default of 1 s then fails tests whose behaviour is right.
configure({ asyncUtilTimeout: 5000 });

const inBrowser = typeof window !== "undefined";

// Mantine reads these browser APIs that jsdom does not implement.
if (inBrowser && !window.matchMedia) {
  Object.defineProperty(window, "matchMedia", { writable: true, value: (query: string) => fakeMediaQueryList(query, false) });
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
