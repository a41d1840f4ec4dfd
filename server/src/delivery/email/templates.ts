// The words of each email the shop sends (the domain decides when one is due and its subject:
// domain/messaging). Order figures are the order's price as the order room computes it, as the invoice
// shows them: lines with unit price, quantity and amount, the subtotal, the region's delivery fee and the
// total, never added up here.
import { ORDER_STATUS_WORDS, SHOP_NAME, type EmailContent, type EmailOrder } from "../../domain/messaging/index.js";
import type { OrderStatusName } from "../../domain/orders/index.js";
import { RESET_LINK_MINUTES } from "../../domain/accounts/index.js";
import { optionWords, storedOptions } from "../../domain/catalog/index.js";
import { renderInFrame, type Block, type EmailBody, type RenderedEmail } from "./layout.js";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
/** Cents as the shop prints prices: 123450 -> "$1,234.50" (en-US, USD). */
export const formatCents = (cents: number): string => dollars.format(cents / 100);

// The shop cannot know the reader's time zone: times say UTC.
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
export const formatTime = (when: Date): string => `${dateTime.format(when)} UTC`;

/** The order screen of the shop, where its owner follows it and prints the invoice. */
export const orderUrl = (shopUrl: string, orderNumber: string) => `${shopUrl}/user/order/${encodeURIComponent(orderNumber)}`;
/** The reset screen; the token travels in the fragment, which browsers never send to a server or in a Referer. */
export const resetUrl = (shopUrl: string, token: string) => `${shopUrl}/reset-password#token=${encodeURIComponent(token)}`;

const STATUS_LABEL: Record<OrderStatusName, string> = { "awaiting-payment": "Awaiting payment", pending: "Pending", "in-transit": "In transit", delivered: "Delivered", cancelled: "Cancelled" };
const STATUS_NEWS: Record<OrderStatusName, string> = {
  "awaiting-payment": "We are holding your items while you pay for them.",
  pending: "We have your order and will get it ready for delivery soon.",
  "in-transit": "Your plants have left our greenhouse and are on their way to you.",
  delivered: "Your order has arrived. We hope everything you planted grows well!",
  cancelled: "Your order has been cancelled and will not be sent. Anything you paid for it is refunded to the card you used.",
};

/** A cancelled order whose payment never arrived (it failed, or its time to pay ran out). */
const NEVER_PAID_NEWS = "Your order has been cancelled because its payment was not completed. Nothing was charged, and its items are back on sale.";

/** The order's lines and figures, exactly as placed. */
function orderTable(order: EmailOrder): Block {
  return {
    type: "table",
    caption: "Your order",
    columns: ["Product", "Unit price", "Quantity", "Amount"],
    numeric: [false, true, true, true],
    // A variant's option values follow the product's name: "Monstera (Pot size: 24 cm)".
    rows: order.price.lines.map((line) => {
      const options = optionWords(storedOptions(line.options));
      return [options ? `${line.name} (${options})` : line.name, formatCents(line.unitCents), String(line.quantity), formatCents(line.lineCents)];
    }),
    // Promotions and tax rows only when the order got any: an order without them reads as the spec's.
    totals: [
      ["Subtotal", formatCents(order.price.itemsCents)],
      ...(order.price.promotions ?? []).map((promotion): [string, string] => [promotion.code ? `${promotion.name} (${promotion.code})` : promotion.name, `-${formatCents(promotion.amountCents)}`]),
      [`Delivery fee (${order.regionName})`, formatCents(order.price.deliveryCents)],
      ...(order.price.pricesIncludeTax ? [] : (order.price.taxLines ?? []).map((line): [string, string] => [line.name, formatCents(line.taxCents)])),
      ["Total", formatCents(order.price.totalCents)],
      ...(order.price.pricesIncludeTax ? (order.price.taxLines ?? []).map((line): [string, string] => [`Includes ${line.name}`, formatCents(line.taxCents)]) : []),
    ],
  };
}

function bodyOf(content: EmailContent, recipient: string, shopUrl: string): EmailBody {
  switch (content.kind) {
    case "welcome":
      return {
        headline: `Welcome to ${SHOP_NAME}, ${content.name}!`,
        blocks: [
          { type: "paragraph", text: "Thank you for creating an account. You can now keep a wish-list, rate the plants you grow, check out in a few steps and follow your orders." },
          { type: "button", label: "Visit the shop", url: `${shopUrl}/` },
          { type: "note", text: `You signed up with ${recipient}.` },
        ],
      };
    case "order-confirmation": {
      const { order } = content;
      return {
        headline: "Thank you for your order",
        blocks: [
          { type: "paragraph", text: `We have received your order ${order.orderNumber} and are getting it ready.` },
          {
            type: "facts",
            rows: [
              ["Order number", order.orderNumber],
              ["Placed on", formatTime(order.createdAt)],
              ["Delivery region", order.regionName],
              ["Deliver to", order.userAddress],
              ["Phone", order.userPhone],
            ],
          },
          orderTable(order),
          { type: "button", label: "View your order", url: orderUrl(shopUrl, order.orderNumber) },
          { type: "note", text: "You can print the invoice from the order's page." },
        ],
      };
    }
    case "order-status": {
      const { order, status } = content;
      return {
        headline: ORDER_STATUS_WORDS[status].headline,
        blocks: [
          { type: "paragraph", text: `Order ${order.orderNumber} is now: ${STATUS_LABEL[status]}.` },
          { type: "paragraph", text: status === "cancelled" && order.paymentState === "unpaid" ? NEVER_PAID_NEWS : STATUS_NEWS[status] },
          {
            type: "facts",
            rows: [
              ["Order number", order.orderNumber],
              ["Status", STATUS_LABEL[status]],
              ["Delivery region", order.regionName],
              ["Total", formatCents(order.price.totalCents)],
            ],
          },
          { type: "button", label: "View your order", url: orderUrl(shopUrl, order.orderNumber) },
        ],
      };
    }
    case "order-refund": {
      const { order, amountCents, reason } = content;
      return {
        headline: "We have refunded you",
        blocks: [
          { type: "paragraph", text: `We have refunded ${formatCents(amountCents)} for order ${order.orderNumber} to the card you paid with.` },
          { type: "paragraph", text: "Depending on your bank, it can take a few days to appear on your statement." },
          {
            type: "facts",
            rows: [
              ["Order number", order.orderNumber],
              ["Refunded", formatCents(amountCents)],
              ["Reason", reason],
              ["Order total", formatCents(order.price.totalCents)],
            ],
          },
          { type: "button", label: "View your order", url: orderUrl(shopUrl, order.orderNumber) },
        ],
      };
    }
    case "password-reset": {
      const url = resetUrl(shopUrl, content.token);
      return {
        headline: "Reset your password",
        blocks: [
          { type: "paragraph", text: `Someone, hopefully you, asked to reset the password of the ${SHOP_NAME} account for ${recipient}.` },
          { type: "paragraph", text: `The link below works once, for ${RESET_LINK_MINUTES} minutes (until ${formatTime(content.expiresAt)}).` },
          { type: "button", label: "Choose a new password", url },
          { type: "note", text: `If the button does not work, copy this address into your browser: ${url}` },
          { type: "paragraph", text: "If you did not ask for this, ignore this email: your password stays as it is." },
        ],
      };
    }
    case "password-changed":
      return {
        headline: "Your password was changed",
        blocks: [
          { type: "paragraph", text: `Hi ${content.name}, the password of your ${SHOP_NAME} account (${recipient}) was changed on ${formatTime(content.changedAt)}.` },
          { type: "paragraph", text: "Every other device that was signed in to your account has been signed out." },
          { type: "paragraph", text: "If this was you, there is nothing more to do. If it was not, reset your password now and check your account details." },
          { type: "button", label: "Reset your password", url: `${shopUrl}/forgot-password` },
        ],
      };
    case "account-deleted":
      return {
        headline: "Your account has been deleted",
        blocks: [
          { type: "paragraph", text: `Hi ${content.name}, your ${SHOP_NAME} account (${recipient}) was deleted on ${formatTime(content.deletedAt)}, as you asked.` },
          { type: "paragraph", text: "Your name, contact details, addresses, wish-list and sessions are gone. Your past orders are kept for our accounts, without your name, e-mail, phone or address." },
          { type: "paragraph", text: "This is the last e-mail we send to this address. You are welcome to open a new account at any time." },
          { type: "button", label: `Visit ${SHOP_NAME}`, url: `${shopUrl}/` },
        ],
      };
  }
}

/** An email ready to send: HTML and plain text in the shop's frame. */
export function renderEmail(content: EmailContent, options: { subject: string; recipient: string; shopUrl: string }): RenderedEmail {
  return renderInFrame(bodyOf(content, options.recipient, options.shopUrl), {
    subject: options.subject,
    shopUrl: options.shopUrl,
    footer: `You receive this email because you have an account at ${SHOP_NAME}, the plant and garden shop.`,
  });
}
