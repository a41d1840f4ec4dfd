// Card details stay in the browser: the shop keeps no card and charges none.
// The preview detects the issuer from the leading digits, shows the number at the issuer's length and
// runs a Luhn check; Save Card only checks the lengths of the four fields.
import { messages } from "../messages";

export interface CardDetails {
  number: string;
  /** MMYY. */
  expiry: string;
  cvc: string;
  name: string;
}

export const emptyCard = (): CardDetails => ({ number: "", expiry: "", cvc: "", name: "" });

export const CARD_NUMBER_LENGTH = 16;
export const CARD_EXPIRY_LENGTH = 4;
export const CARD_CVC_LENGTH = 3;
/** The longest number any supported issuer uses. */
export const MAX_CARD_NUMBER_LENGTH = 19;

export type CardIssuer =
  | "visa"
  | "mastercard"
  | "american express"
  | "diners"
  | "discover"
  | "jcb"
  | "unionpay"
  | "maestro"
  | "elo"
  | "mir"
  | "hiper"
  | "hipercard"
  | "dankort"
  | "laser"
  | "visa electron";

interface IssuerRule {
  issuer: CardIssuer;
  /** Leading digits (IIN ranges). */
  pattern: RegExp;
  /** Displayed number length; issuers with a range show 16 until more digits are typed. */
  lengths: { min: number; max: number };
}

const standard = { min: 16, max: 16 };

/** Checked in this order: narrower ranges first (visa electron before visa, elo before the 4/5/6 ranges it overlaps). */
const ISSUER_RULES: readonly IssuerRule[] = [
  { issuer: "visa electron", pattern: /^(4026|417500|4405|4508|4844|4913|4917)/, lengths: standard },
  {
    issuer: "elo",
    pattern:
      /^(401178|401179|431274|438935|451416|457393|457631|457632|504175|506699|5067[0-7]\d|509\d{3}|627780|636297|636368|650\d{3}|6516[5-7]\d|6550[0-5]\d)/,
    lengths: standard,
  },
  { issuer: "hipercard", pattern: /^(606282|384100|384140|384160)/, lengths: { min: 16, max: 19 } },
  { issuer: "hiper", pattern: /^(637095|637568|637599|637609|637612)/, lengths: standard },
  { issuer: "dankort", pattern: /^5019/, lengths: standard },
  { issuer: "laser", pattern: /^(6304|6706|6709|6771)/, lengths: standard },
  { issuer: "mir", pattern: /^220[0-4]/, lengths: standard },
  { issuer: "american express", pattern: /^3[47]/, lengths: { min: 15, max: 15 } },
  { issuer: "diners", pattern: /^(30[0-5]|309|36|38|39)/, lengths: { min: 14, max: 14 } },
  { issuer: "jcb", pattern: /^(352[89]|35[3-8]\d)/, lengths: standard },
  {
    issuer: "discover",
    pattern: /^(6011|64[4-9]|65|622(12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/,
    lengths: standard,
  },
  { issuer: "unionpay", pattern: /^62/, lengths: standard },
  { issuer: "maestro", pattern: /^(5018|5020|5038|5893|6759|676[1-3]|0604|6390)/, lengths: standard },
  { issuer: "mastercard", pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: { min: 16, max: 19 } },
  { issuer: "visa", pattern: /^4/, lengths: { min: 16, max: 19 } },
];

export const SUPPORTED_ISSUERS: readonly CardIssuer[] = ISSUER_RULES.map((rule) => rule.issuer);

/** Only the digits of what was typed. */
export const cardDigits = (value: string) => value.replace(/\D/g, "");

/** The issuer the leading digits belong to, or null when none matches (yet). */
export function detectIssuer(number: string): CardIssuer | null {
  const digits = cardDigits(number);
  return ISSUER_RULES.find((rule) => rule.pattern.test(digits))?.issuer ?? null;
}

/** How many digits the preview shows: 16, 15 for american express, 14 for diners, up to 19 for visa, mastercard and hipercard. */
export function displayLength(number: string): number {
  const digits = cardDigits(number);
  const issuer = detectIssuer(digits);
  const lengths = ISSUER_RULES.find((rule) => rule.issuer === issuer)?.lengths ?? standard;
  return Math.min(lengths.max, Math.max(lengths.min, digits.length));
}

/** The number as the preview prints it: groups of four, untyped digits as dots. */
export function previewNumber(number: string): string {
  const length = displayLength(number);
  const shown = cardDigits(number).slice(0, length).padEnd(length, "•");
  const issuer = detectIssuer(number);
  // American express and diners print 4-6-5 and 4-6-4; everyone else groups of four.
  if (issuer === "american express" || issuer === "diners") {
    return [shown.slice(0, 4), shown.slice(4, 10), shown.slice(10)].join(" ");
  }
  return shown.match(/.{1,4}/g)?.join(" ") ?? "";
}

/** The expiry as the preview prints it: MM/YY with dots for what is missing. */
export function previewExpiry(expiry: string): string {
  const shown = cardDigits(expiry).slice(0, CARD_EXPIRY_LENGTH).padEnd(CARD_EXPIRY_LENGTH, "•");
  return `${shown.slice(0, 2)}/${shown.slice(2)}`;
}

/** The Luhn checksum over the digits; false for anything shorter than 12 digits. */
export function passesLuhn(number: string): boolean {
  const digits = cardDigits(number);
  if (digits.length < 12) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Save Card: number exactly 16 characters, expiry exactly 4, cvc exactly 3, holder name non-empty after
 * trimming. Returns the message to show: the refusal or the confirmation.
 */
/** What is wrong with each field Save Card checks, in the form's order (empty when the card can be saved). */
export function cardFieldProblems(card: CardDetails): Partial<Record<keyof CardDetails, string>> {
  const problems: Partial<Record<keyof CardDetails, string>> = {};
  if (card.number.length !== CARD_NUMBER_LENGTH) problems.number = `Enter the ${CARD_NUMBER_LENGTH} digits of the card number.`;
  if (card.expiry.length !== CARD_EXPIRY_LENGTH) problems.expiry = "Enter the expiry as 4 digits, month then year (MMYY).";
  if (card.cvc.length !== CARD_CVC_LENGTH) problems.cvc = `Enter the ${CARD_CVC_LENGTH} digits on the back of the card.`;
  if (card.name.trim() === "") problems.name = "Enter the name as it is on the card.";
  return problems;
}

export function checkCardForSaving(card: CardDetails): { saved: boolean; message: string } {
  const valid = Object.keys(cardFieldProblems(card)).length === 0;
  return valid ? { saved: true, message: messages.cardDetailsSaved } : { saved: false, message: messages.invalidCardDetails };
}

/** 'Enter card' shows a spinner this long before the card modal opens. */
export const CARD_ENTRY_DELAY_MS = 2000;
