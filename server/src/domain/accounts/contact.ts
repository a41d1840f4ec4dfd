// The contact details checkout needs (the spec's contact details screen), and their rules, which the address
// book's addresses follow too.
import { fieldRule, text, type FormInput } from "../shared/index.js";

export const ADDRESS_MAX_LENGTH = 500;

/** Phone: 7 to 20 characters of digits, spaces, +, -, ( and ), with at least 7 digits. */
export const phoneNumber = fieldRule<string>(
  (value, problem) => {
    const result = text("phone number", { max: 255 }).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) problem(issue.message);
      return "";
    }
    const phone = result.data;
    if (phone.length < 7 || phone.length > 20) problem("The phone number must be between 7 and 20 characters.");
    if (!/^[\d\s+\-()]*$/.test(phone)) problem("The phone number may only contain digits, spaces, +, -, ( and ).");
    else if ((phone.match(/\d/g) ?? []).length < 7) problem("The phone number must contain at least 7 digits.");
    return phone;
  },
  { type: "string", minLength: 7, maxLength: 20, pattern: "^[\\d\\s+\\-()]*$" },
);

/** The contact details checkout needs. */
export const contactForm = { phone: phoneNumber, address: text("address", { max: ADDRESS_MAX_LENGTH }) };
export type ContactInput = FormInput<typeof contactForm>;
