// The shared room's public surface: other folders import it only from here.
export { conflict, forbidden, INTERNAL_ERROR, invalid, isForeignKeyViolation, isUniqueViolation, notFound, safeError, ShopError, tooManyRequests, unauthenticated } from "./errors.js";
export type { ErrorCode, FieldErrors } from "./errors.js";
export { anyValue, cents, Checks, email, fieldRule, isBlank, isEmailAddress, oneById, oneOf, parseId, password, received, text, wholeNumber } from "./input.js";
export type { Deferred, FormInput, FormShape } from "./input.js";
export { csvCell, csvStream, csvText, neutraliseFormula, restoreFormula, CSV_OPTIONS } from "./csv.js";
export { dollarText, MAX_MONEY_CENTS, parseDollars, toDollars, wholeUnits } from "./money.js";
export type { Cents } from "./money.js";
export { alignedById, allOf, asDate, checkSearch, comesAfter, containsPattern, countOf, keyColumns, keysetPage, keysOfRow, loadInOrder, MAX_PAGE_SIZE, newestFirst, once, orderBy, pageOf, prismaReader, readPage } from "./paging.js";
export type { KeyValue, ListPageOptions, Page, PageRequest, RowReader, SortKey } from "./paging.js";
export { FULFILMENT_STATUSES, isOrderStatusName, ORDER_STATUSES, statusName, storedStatus } from "./order-status.js";
export type { OrderStatusName } from "./order-status.js";
export { ListenerSet, readShopEvent } from "./shop-events.js";
export type { DeliveryNews, EventBus, ShopEvent } from "./shop-events.js";
export { inList, limitRows } from "./sql.js";
export { findUnstorableText, isUnstorableText, unstorableTextError, unstorableTextMessage } from "./text.js";
export {
  ABILITIES,
  abilitiesOf,
  API_SCOPES,
  lacksAbility,
  requireAdmin,
  requireReader,
  requireSelfOrAdmin,
  requireUser,
  ROLE_ABILITIES,
  ROLES,
  seesEveryone,
  STAFF_ROLES,
} from "./viewer.js";
export type { Ability, ApiScope, Role, StaffRole, Viewer } from "./viewer.js";
