// @vitest-environment node
import { describe, expect, it } from "vitest";
import { emptyCard } from "../card/cardRules";
import { firstCheckoutProblem, needsContactDetails, type CheckoutDraft } from "./checkoutChecks";

const checkoutProblem = (draft: CheckoutDraft) => firstCheckoutProblem(draft)?.message ?? null;

const card = { number: "4111111111111111", expiry: "1228", cvc: "123", name: "Ada" };
const ready: CheckoutDraft = {
  card,
  customer: { phone: "+1 555 0100", address: "1 Fern Street" },
  regionId: 3,
};

describe("Checkout checks, in this order", () => {
  it("(1) all four card fields non-empty, else 'Please enter your card details before proceeding.'", () => {
    for (const field of ["number", "expiry", "cvc", "name"] as const) {
      expect(checkoutProblem({ ...ready, card: { ...card, [field]: "" } })).toBe("Please enter your card details before proceeding.");
    }
  });

  it("(2) the user has phone and address, else 'Please update your contact information.'", () => {
    expect(checkoutProblem({ ...ready, customer: { phone: null, address: "1 Fern Street" } })).toBe("Please update your contact information.");
    expect(checkoutProblem({ ...ready, customer: { phone: "555", address: "" } })).toBe("Please update your contact information.");
  });

  it("(3) a region is selected, else 'Please select a delivery region'", () => {
    expect(checkoutProblem({ ...ready, regionId: null })).toBe("Please select a delivery region");
  });

  it("reports the card first when everything is missing", () => {
    expect(checkoutProblem({ card: emptyCard(), customer: { phone: null, address: null }, regionId: null })).toBe(
      "Please enter your card details before proceeding.",
    );
  });

  it("reports contact information before the region", () => {
    expect(checkoutProblem({ ...ready, customer: { phone: null, address: null }, regionId: null })).toBe("Please update your contact information.");
  });

  it("points at what to fix: the card, the contact details or the region", () => {
    expect(firstCheckoutProblem({ ...ready, card: emptyCard() })?.part).toBe("card");
    expect(firstCheckoutProblem({ ...ready, customer: { phone: null, address: null } })?.part).toBe("contact");
    expect(firstCheckoutProblem({ ...ready, regionId: null })?.part).toBe("region");
  });

  it("paying on the provider's page (no card here): no card check, the other two still in their order", () => {
    expect(checkoutProblem({ card: null, customer: { phone: null, address: null }, regionId: null })).toBe("Please update your contact information.");
    expect(checkoutProblem({ ...ready, card: null, regionId: null })).toBe("Please select a delivery region");
    expect(checkoutProblem({ ...ready, card: null })).toBeNull();
  });

  it("passes when the card, contact details and region are all there", () => {
    expect(checkoutProblem(ready)).toBeNull();
  });
});

describe("Checkout customer block: a link to update contact details if phone or address is missing", () => {
  it("asks for contact details when either is missing", () => {
    expect(needsContactDetails({ phone: null, address: "x" })).toBe(true);
    expect(needsContactDetails({ phone: "1", address: null })).toBe(true);
    expect(needsContactDetails({ phone: "1", address: "x" })).toBe(false);
  });
});
