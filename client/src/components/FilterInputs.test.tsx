import { Checkbox, MantineProvider, Radio, Stack } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { shopTheme } from "../test/renderWithShop";
import { ChoiceCheckbox, ChoiceFieldset, ChoiceGroup, ChoiceRadio, ScreenReaderText } from "./FilterInputs";

const noop = () => undefined;

/** Markup with its generated ids (id, for, name, aria-labelledby) numbered in order of appearance. */
function withIdsNumbered(markup: string): string {
  const seen = new Map<string, string>();
  return markup
    .replace(/ (id|for|name|aria-labelledby)="([^"]+)"/g, (_all, attribute: string, value: string) => {
      if (!seen.has(value)) seen.set(value, `id${seen.size}`);
      return ` ${attribute}="${seen.get(value)}"`;
    })
    // Checkbox.Group's hidden input carries the group's value for a form; the panel is in no form.
    .replace(/<input type="hidden" value="[^"]*"\/>/, "");
}

const drawn = (element: React.ReactNode) => withIdsNumbered(renderToStaticMarkup(<MantineProvider theme={shopTheme} withCssVariables={false} withGlobalClasses={false}>{element}</MantineProvider>));

describe("the filter panel's plain radios and checkboxes", () => {
  it("draw the markup of Mantine's Radio.Group and Radio, chosen, free and disabled", () => {
    const mantines = drawn(
      <Radio.Group label="Price" value="10-25" name="price">
        <Stack gap="xs" mt="xs">
          <Radio value="" label="Any price" />
          <Radio value="10-25" label="$10 to $25 (4)" />
          <Radio value="25-50" label="$25 to $50 (0)" disabled />
        </Stack>
      </Radio.Group>,
    );
    const ours = drawn(
      <ChoiceGroup kind="radio" label="Price">
        <ChoiceRadio name="price" value="" label="Any price" checked={false} onChange={noop} />
        <ChoiceRadio name="price" value="10-25" label="$10 to $25 (4)" checked onChange={noop} />
        <ChoiceRadio name="price" value="25-50" label="$25 to $50 (0)" checked={false} disabled onChange={noop} />
      </ChoiceGroup>,
    );
    expect(mantines).toContain('data-checked="true"');
    expect(mantines).toContain("disabled");
    expect(ours).toBe(mantines);
  });

  it("draw the markup of Mantine's Checkbox.Group and Checkbox, ticked, free and disabled", () => {
    for (const [ticked, disabled] of [
      [true, false],
      [false, false],
      [false, true],
    ]) {
      const mantines = drawn(
        <Checkbox.Group label="Availability" value={ticked ? ["inStock"] : []}>
          <Checkbox mt="xs" value="inStock" label="In stock (3)" disabled={disabled} />
        </Checkbox.Group>,
      );
      const ours = drawn(
        <ChoiceGroup kind="checkbox" label="Availability">
          <ChoiceCheckbox value="inStock" label="In stock (3)" checked={ticked} disabled={disabled} onChange={noop} />
        </ChoiceGroup>,
      );
      expect(ours, `ticked ${ticked}, disabled ${disabled}`).toBe(mantines);
    }
  });

  it("are a named radio group and checkboxes for assistive technology, and say what the shopper picked", async () => {
    const picked = vi.fn();
    const ticked = vi.fn();
    render(
      <MantineProvider theme={shopTheme}>
        <ChoiceGroup kind="radio" label="Price">
          <ChoiceRadio name="price" value="" label="Any price" checked onChange={noop} />
          <ChoiceRadio name="price" value="0-10" label="Under $10 (2)" checked={false} onChange={picked} />
        </ChoiceGroup>
        <ChoiceGroup kind="checkbox" label="Offers">
          <ChoiceCheckbox value="discounted" label="Discounted (1)" checked={false} onChange={ticked} />
        </ChoiceGroup>
      </MantineProvider>,
    );
    expect(screen.getByRole("radiogroup", { name: "Price" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "Under $10 (2)" }));
    expect(picked).toHaveBeenCalledWith(true);
    await userEvent.click(screen.getByText("Discounted (1)"));
    expect(ticked).toHaveBeenCalledWith(true);
    expect(screen.getByRole("group", { name: "Offers" })).toContainElement(screen.getByRole("checkbox", { name: "Discounted (1)" }));
  });

  it("an option's values: a fieldset named by its legend, each checkbox named with what screen readers alone hear", async () => {
    const ticked = vi.fn();
    render(
      <MantineProvider theme={shopTheme}>
        <ChoiceFieldset legend="Pot size">
          <ChoiceCheckbox
            value="24 cm"
            label={
              <>
                24 cm <span aria-hidden="true">(2)</span>
                <ScreenReaderText>(2 products)</ScreenReaderText>
              </>
            }
            checked={false}
            onChange={ticked}
          />
        </ChoiceFieldset>
      </MantineProvider>,
    );
    const group = screen.getByRole("group", { name: "Pot size" });
    expect(group.tagName).toBe("FIELDSET");
    await userEvent.click(within(group).getByRole("checkbox", { name: "24 cm (2 products)" }));
    expect(ticked).toHaveBeenCalledWith(true);
  });
});
