// The payments room: the provider that takes and gives back money (provider.ts). Other folders import it only from here.
export { simulatedPayments, type PaymentOfOrder, type PaymentProvider } from "./provider.js";
