// The option picker of a product sold in several variants: one radio group per option (a fieldset whose
// legend is the option's name), each value a labelled native radio, so Tab enters a group at its chosen
// value and the arrow keys move within it as the browser's own radios do. A value that cannot be bought
// with the other current choices is disabled and says why: "Out of stock", or "Not available" when no
// variant on sale has that combination.
import { useId } from "react";
import { valueChoice, type ChoosableVariant } from "../../lib/catalog/variants";
import classes from "./VariantPicker.module.css";

export interface PickerOption {
  id: number;
  name: string;
  values: ReadonlyArray<{ id: number; value: string }>;
}

export interface VariantPickerProps<V extends ChoosableVariant> {
  options: readonly PickerOption[];
  variants: readonly V[];
  chosen: V;
  onChoose: (variant: V) => void;
}

export function VariantPicker<V extends ChoosableVariant>({ options, variants, chosen, onChoose }: VariantPickerProps<V>) {
  const id = useId();
  return (
    <div className={classes.picker}>
      {options.map((option, optionIndex) => {
        const group = `${id}-option-${optionIndex}`;
        const current = chosen.options.find((value) => value.name === option.name)?.value;
        return (
          <fieldset key={option.id} className={classes.group}>
            <legend className={classes.legend}>{option.name}</legend>
            <div className={classes.values}>
              {option.values.map((entry) => {
                const choice = valueChoice(variants, chosen, option.name, entry.value);
                const inputId = `${group}-value-${entry.id}`;
                const whyId = `${inputId}-why`;
                const why = choice.kind === "available" ? null : choice.why;
                return (
                  <div key={entry.id} className={classes.choice}>
                    <input
                      type="radio"
                      className={classes.input}
                      id={inputId}
                      name={group}
                      value={entry.value}
                      checked={entry.value === current}
                      disabled={why !== null}
                      aria-describedby={why === null ? undefined : whyId}
                      onChange={() => {
                        if (choice.kind === "available") onChoose(choice.variant);
                      }}
                    />
                    <label htmlFor={inputId} className={classes.label}>
                      <span>{entry.value}</span>
                      {why !== null && (
                        // The radio's name is its value; this is its description (aria-describedby), read after it.
                        <span id={whyId} className={classes.why} aria-hidden="true">
                          {why}
                        </span>
                      )}
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
