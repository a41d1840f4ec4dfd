// The promotions room: which promotions a cart may get (in-force.ts), their uses counted at checkout and
// given back on cancellation (redemptions.ts). Other folders import it only from here.
export { acceptsCodes, addItemsMessage, automaticPromotions, kindName, storedKind, addMoreMessage, CODE_MESSAGES, declinedMessage, normalCode, promotionsInForce, readCodes, ruleOf, startsOnMessage } from "./in-force.js";
export type { EnteredCode, PromotionCustomer, PromotionsInForce, ReadCode, ReadPromotion } from "./in-force.js";
export { AUTOMATIC_PROMOTION_ENDED, countPromotionUses, recordPromotions, releasePromotions } from "./redemptions.js";
export { MAX_CODE_BATCH, PromotionAdmin, statusOf } from "./admin.js";
export type { PromotionInput, PromotionStatus, PromotionView } from "./admin.js";
