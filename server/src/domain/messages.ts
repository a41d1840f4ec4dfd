// What the shop says when an operation succeeds. Both adapters (GraphQL and REST) answer with these,
// so the wording lives in one place. "Category created" and the order message are verbatim from the spec.
import { RESET_LINK_MINUTES } from "./accounts/index.js";

export const messages = {
  productCreated: "Product created successfully.",
  productUpdated: "Product updated successfully.",
  productDeleted: "Product deleted successfully.",
  categoryCreated: "Category created",
  categoryUpdated: "Category updated successfully.",
  categoryDeleted: "Category deleted successfully.",
  regionCreated: "Region created successfully.",
  regionUpdated: "Region updated successfully.",
  regionDeleted: "Region deleted successfully.",
  registered: "Registration successful. Please sign in.",
  loggedOut: "Logout successful!",
  accountUpdated: "Your account details have been updated.",
  contactUpdated: "Your contact details have been updated.",
  passwordUpdated: "Your password has been updated.",
  roleUpdated: "User role updated.",
  staffRoleUpdated: "Staff role updated.",
  addressDeleted: "Address removed.",
  accountDeleted: "Your account has been deleted.",
  rated: "Thank you for rating this product.",
  favouriteAdded: "Added to your wishlist.",
  favouriteRemoved: "Removed from your wishlist.",
  orderPlaced: "Payment successful and order has been created",
  orderStatusUpdated: "Order status updated successfully.",
  orderCancelled: "Your order has been cancelled.",
  /** placeOrder's message when the shopper pays on the payment provider's page next (the spec's is for an order paid at checkout). */
  orderAwaitingPayment: "Your order is placed: complete the payment to confirm it.",
  paymentReceived: "Payment received: your order is confirmed.",
  paymentAwaited: "We have not heard from the payment provider yet: this page updates as soon as we do.",
  orderRefunded: "Refund issued successfully.",
  // The same answer whether or not the email has an account.
  passwordResetRequested: `If an account exists for this email, we have sent it a link to reset the password. The link works for ${RESET_LINK_MINUTES} minutes.`,
} as const;
