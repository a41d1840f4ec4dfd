// Runs the payment sweeper (domain/orders/payments.ts) every few seconds in this process: every process of
// the shop does, and the sweeper's SKIP LOCKED claim keeps two from asking about the same payment. A round
// still running when the next is due makes that one wait its turn rather than run beside it.
import type { Logger } from "pino";
import type { Shop } from "../domain/shop.js";

export interface PaymentSweeper {
  stop(): Promise<void>;
}

export function startPaymentSweeper(shop: Shop, everySeconds: number, logger: Logger): PaymentSweeper {
  let running: Promise<void> | null = null;
  const round = () => {
    if (running) return;
    running = shop.orders
      .sweepPayments()
      .then((counts) => {
        const acted = Object.entries(counts).filter(([, count]) => count > 0);
        if (acted.length) logger.info({ payments: Object.fromEntries(acted) }, "payment sweeper: payments settled");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "payment sweeper: the round failed; the next one tries again"))
      .finally(() => (running = null));
  };
  // A first round at once: after a restart, payments taken while the shop was down are settled now.
  round();
  const timer = setInterval(round, everySeconds * 1000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
