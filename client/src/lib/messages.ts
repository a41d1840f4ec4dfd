// Every text the shop shows in a notification or check, verbatim from the spec, typos included. Rules and screens import them from here, so a text lives in one place.

export const messages = {
  productOutOfStock: "Product is out of stock",
  cannotAddMoreThanStock: "Cannot add more than available stock",
  genericFailure: "An error occurred. Please try again.",
  loginSuccessful: "Log in successful",
  ratingFailed: "Failed to submit rating.",
  favouriteToggleFailed: "Failed to add product to wishlist.",
  loginBeforeCheckout: "Please login befor proceeding",
  loggingOut: "Logging out...",
  logoutSuccessful: "Logout successful!",
  logoutFailed: "Logout failed. Please try again.",
  deleteFailedFallback: "Try again later",
  orderStatusUpdateFailed: "Failed to update status.",
  orderPlaced: "Payment successful and order has been created",
  invalidCardDetails: "Please enter valid card details.",
  cardDetailsSaved: "Card details saved successfully!",
  enterCardDetails: "Please enter your card details before proceeding.",
  updateContactInformation: "Please update your contact information.",
  selectDeliveryRegion: "Please select a delivery region",
  categoryCreated: "Category created",
  unexpectedApplicationError: "Unexpected Application Error!",
} as const;
