// The three checks 'Proceed to checkout' runs before placing an order, in this order.
import type { CardDetails } from "../card/cardRules";
import { messages } from "../messages";

export interface CheckoutCustomer {
  phone: string | null;
  address: string | null;
}

export interface CheckoutDraft {
  /** The card entered in the card modal; null when the shopper pays on the payment provider's page (no card here). */
  card: CardDetails | null;
  customer: CheckoutCustomer;
  /** The chosen delivery region's id, or null when none is selected. */
  regionId: number | string | null;
}

const present = (value: string | null | undefined) => typeof value === "string" && value.trim() !== "";

/** Where the first failing check points the shopper: the card, the contact details or the region. */
export interface CheckoutProblem {
  part: "card" | "contact" | "region";
  message: string;
}

/**
 * (1) all four card fields non-empty (skipped when the card is entered on the provider's page), (2) the user
 * has phone and address, (3) a region is selected. Returns the first failing check, or null when the order may
 * be placed.
 */
export function firstCheckoutProblem({ card, customer, regionId }: CheckoutDraft): CheckoutProblem | null {
  if (card && ![card.number, card.expiry, card.cvc, card.name].every(present)) return { part: "card", message: messages.enterCardDetails };
  if (!present(customer.phone) || !present(customer.address)) return { part: "contact", message: messages.updateContactInformation };
  if (regionId === null || regionId === "") return { part: "region", message: messages.selectDeliveryRegion };
  return null;
}

/** The customer block links to the contact details page when phone or address is missing. */
export function needsContactDetails(customer: CheckoutCustomer): boolean {
  return !present(customer.phone) || !present(customer.address);
}
