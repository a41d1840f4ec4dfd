// The accounts room's public surface: other folders import it only from here.
export { accountForm, AccountService, contactForm, passwordChangeForm, registrationForm, signInForm } from "./accounts.js";
export { AddressBook, MAX_ADDRESSES } from "./address-book.js";
export { DELETED_NAME, deletedEmail, MyData } from "./my-data.js";
export type { AddressInput } from "./address-book.js";
export { PasswordResetService, RESET_LINK_MINUTES } from "./password-reset.js";
export { hashPassword } from "./passwords.js";
export { addressKey, Throttle, waitText } from "./throttle.js";
export type { Attempt, Limit } from "./throttle.js";
export { TokenService } from "./tokens.js";
export type { UserRow } from "./accounts.js";
