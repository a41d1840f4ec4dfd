// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { isOrderReference, makeOrderReference, ORDER_REFERENCE_ALPHABET } from "./orderReference";

describe("Order reference: 16 random characters from A-Z and 0-9, generated in the client", () => {
  it("is 16 characters of A-Z and 0-9", () => {
    for (let i = 0; i < 50; i += 1) {
      const reference = makeOrderReference();
      expect(reference).toMatch(/^[A-Z0-9]{16}$/);
      expect(isOrderReference(reference)).toBe(true);
    }
  });

  it("draws from crypto.getRandomValues", () => {
    const spy = vi.spyOn(crypto, "getRandomValues");
    makeOrderReference();
    expect(spy).toHaveBeenCalled();
  });

  it("maps random bytes onto the alphabet and skips bytes that would bias it", () => {
    const bytes = [255, 252, 0, 1, 25, 26, 35, 36, 71, 251, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const reference = makeOrderReference((target) => {
      target.set(bytes.slice(0, target.length).concat(Array(Math.max(0, target.length - bytes.length)).fill(0)));
      return target;
    });
    expect(reference.slice(0, 8)).toBe("ABZ09A99");
    expect(ORDER_REFERENCE_ALPHABET).toHaveLength(36);
  });

  it("two references are different", () => {
    expect(makeOrderReference()).not.toBe(makeOrderReference());
  });
});
