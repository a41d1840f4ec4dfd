// The admin order view's documents: each a /* GraphQL */ string that codegen reads and types, built into a
// document in this lazy chunk (see ../lazyDocument.ts: not in the first load's generated module). A refund
// answers the whole order as the view shows it (its figures, its lines, its refunds), so Apollo's cache puts
// the new figures on screen from the answer itself: an order's lines have no id of their own in the cache
// (they live inside their order), so an answer with fewer of their fields would leave the view's incomplete.
import type * as Types from "../../../graphql/generated/graphql";
import { productPictureFields } from "../../../components/ProductPicture";
import { orderDetailFields } from "../../../lib/orders/orderDetail";
import { lazyDocument } from "../lazyDocument";

/** What the order view adds under the figures: the promotions the order got, its discounts and its tax. */
const adminOrderAdjustmentFields = /* GraphQL */ `
  fragment AdminOrderAdjustments on Order {
    id
    discountTotal
    deliveryDiscount
    taxTotal
    pricesIncludeTax
    promotions {
      name
      code
      amount
    }
    taxLines {
      name
      rate
      net
      tax
    }
  }
`;

/**
 * The order's payment: what was refunded, its payment status and every refund (failed ones too: the admin
 * sees them marked), with each line's id, which a refund by items names; and when it was paid on the
 * provider's page, that payment (its ids, its link in the provider's dashboard, a problem with it).
 */
const adminOrderPaymentFields = /* GraphQL */ `
  fragment AdminOrderPayment on Order {
    id
    total
    refunded
    paymentStatus
    payment {
      provider
      state
      url
      expiresAt
      paidAt
      sessionId
      paymentIntentId
      problem
      dashboardUrl
    }
    lines {
      id
      quantity
    }
    refunds {
      id
      amount
      reason
      state
      createdAt
      lines {
        lineId
        quantity
        amount
      }
    }
  }
`;

const adminOrder = /* GraphQL */ `
  query AdminOrder($orderNumber: String!) {
    order(orderNumber: $orderNumber) {
      ...OrderDetailFields
      ...AdminOrderAdjustments
      ...AdminOrderPayment
    }
  }
`;

const refundOrder = /* GraphQL */ `
  mutation RefundOrder($id: Int!, $input: RefundInput!) {
    refundOrder(id: $id, input: $input) {
      message
      order {
        ...OrderDetailFields
        ...AdminOrderAdjustments
        ...AdminOrderPayment
      }
    }
  }
`;

const orderFields = [orderDetailFields, productPictureFields, adminOrderAdjustmentFields, adminOrderPaymentFields];

export const AdminOrderDocument = lazyDocument<Types.AdminOrderQuery, Types.AdminOrderQueryVariables>(adminOrder, ...orderFields);
export const RefundOrderDocument = lazyDocument<Types.RefundOrderMutation, Types.RefundOrderMutationVariables>(refundOrder, ...orderFields);
