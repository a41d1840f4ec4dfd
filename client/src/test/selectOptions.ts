// What a select offers, read the way a test compares it with the spec's list.
import { within } from "@testing-library/react";

/** The values of a select's options, in order. */
export const optionValues = (select: HTMLElement) => within(select).getAllByRole("option").map((option) => option.getAttribute("value"));
