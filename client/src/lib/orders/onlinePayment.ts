// Paying on the payment provider's own page (Stripe Checkout), as the checkout and the shopper's order page
// both do it: the order's open payment page (placeOrder's answer has it, else payForOrder opens it) and the
// shopper sent there. The page is on the provider's site: a full page load (window.location), not a route of
// the shop. The provider sends the shopper back to the order's page with ?payment=return (paid) or
// ?payment=cancelled (turned back).
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { PayForOrderDocument } from "../../graphql/generated/graphql";
import { invalidInputMessages, serverMessage } from "../apollo/errors";

export const onlinePaymentOperations = /* GraphQL */ `
  mutation PayForOrder($id: Int!) {
    payForOrder(id: $id) {
      provider
      state
      url
      expiresAt
    }
  }
`;

/** Where the provider sends the shopper back: the `payment` parameter of the order's page. */
export const PAYMENT_RETURNED = "return";
export const PAYMENT_TURNED_BACK = "cancelled";

/** Said when the server answered without a page to go to (the server's own words for a provider that failed). */
export const PAYMENT_PAGE_UNAVAILABLE = "The payment page could not be opened just now. Please try again in a moment.";

const PROVIDER_NAMES: Record<string, string> = { stripe: "Stripe" };

/** The provider as the shopper knows it: 'Stripe' (an unknown one by the server's name for it). */
export const paymentProviderName = (provider: string): string => PROVIDER_NAMES[provider] ?? provider;

/** Leaves the shop for the provider's payment page. */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}

/**
 * What to tell the shopper when the payment page could not be opened: the server's words for the order
 * ('This order is already paid.', 'The time to pay for this order has run out: …'), else its error's message.
 */
export function paymentFailureMessage(error: unknown): string {
  return invalidInputMessages(error)?.join(" ") ?? serverMessage(error);
}

/**
 * Opens an order's payment page (payForOrder) and goes there. `paying` stays true from the ask until the page
 * has gone (the browser is loading the provider's page), so the button that asked cannot ask twice; a
 * failure throws (the shopper stays, and is told) and the button is free again.
 */
export function usePayForOrder() {
  const [payForOrder] = useMutation(PayForOrderDocument);
  const [paying, setPaying] = useState(false);
  const pay = async (orderId: number): Promise<void> => {
    setPaying(true);
    try {
      const { data } = await payForOrder({ variables: { id: orderId } });
      const url = data?.payForOrder.url;
      if (!url) throw new Error(PAYMENT_PAGE_UNAVAILABLE);
      goToPaymentPage(url);
    } catch (error) {
      setPaying(false);
      throw error;
    }
  };
  return { pay, paying };
}
