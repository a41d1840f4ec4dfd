// The payments room: the provider that takes and gives back money (provider.ts). Other folders import it only from here.
export {
  BadEventSignature,
  simulatedPayments,
  type OpenedPayment,
  type PaymentOfOrder,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderEvent,
} from "./provider.js";
