// The three checks 'Proceed to checkout' runs before placing an order, in this order (spec section 5).
import type { CardDetails } from "../card/cardRules";
import { messages } from "../messages";

export interface CheckoutCustomer {
  phone: string | null;
  address: string | null;
}

export interface CheckoutDraft {
  card: CardDetails;
  customer: CheckoutCustomer;
  /** The chosen delivery region's id, or null when none is selected. */
  regionId: number | string | null;
}

const present = (value: string | null | undefined) => typeof value === "string" && value.trim() !== "";

/**
 * (1) all four card fields non-empty, (2) the user has phone and address, (3) a region is selected.
 * Returns the first failing check's message, or null when the order may be placed.
 */
export function checkoutProblem({ card, customer, regionId }: CheckoutDraft): string | null {
  if (![card.number, card.expiry, card.cvc, card.name].every(present)) return messages.enterCardDetails;
  if (!present(customer.phone) || !present(customer.address)) return messages.updateContactInformation;
  if (regionId === null || regionId === "") return messages.selectDeliveryRegion;
  return null;
}

/** The customer block links to the contact details page when phone or address is missing. */
export function needsContactDetails(customer: CheckoutCustomer): boolean {
  return !present(customer.phone) || !present(customer.address);
}
