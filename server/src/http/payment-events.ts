// The payment provider's events: POST /payments/stripe/webhook, the URL to give Stripe's dashboard. The body
// is read raw (its signature is over the exact bytes), handed to the order room, and answered:
// 200 once acted on (or recognised as a duplicate, or not about the shop's payments), 400 when the signature
// does not match (nothing changed), 404 when the shop takes no payments outside, 503 when the shop could not
// act on it now (Stripe sends it again later).
import express, { type Router } from "express";
import type { Logger } from "pino";
import { BadEventSignature } from "../domain/payments/index.js";
import type { Shop } from "../domain/shop.js";

export const STRIPE_WEBHOOK_PATH = "/payments/stripe/webhook";
/** Stripe's events are a few kB; a body far past that is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

export function paymentEventRoutes(shop: Shop, logger?: Logger): Router {
  const router = express.Router();
  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: MAX_EVENT_BYTES }), async (req, res) => {
    if (shop.orders.payments.terms.provider !== "stripe") {
      res.status(404).json({ message: "This shop does not take payments with Stripe." });
      return;
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      const outcome = await shop.orders.paymentEvent(body, req.get("stripe-signature"));
      res.json({ received: true, outcome });
    } catch (error) {
      if (error instanceof BadEventSignature) {
        res.status(400).json({ message: "The event's signature does not match: nothing was changed." });
        return;
      }
      logger?.error({ err: error }, "a payment event could not be acted on; the provider will send it again");
      res.status(503).json({ message: "The event could not be acted on now. Please send it again later." });
    }
  });
  return router;
}
