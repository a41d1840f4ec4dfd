// The filter panel's groups, radios and checkboxes (ProductFilterPanel) as plain elements with the markup and
// classes Mantine's Radio.Group, Radio, Checkbox.Group and Checkbox draw (their stylesheets are loaded:
// app/mantineStyles.ts), so they look and behave as Mantine's. A search page's panel drew about 15 of Mantine's
// inputs, each a dozen components, for a fifth of the page's server render. FilterInputs.test.tsx
// renders both and expects the same markup, so a Mantine upgrade that changes its own cannot go unnoticed.
import { useId, type ReactNode } from "react";

// Mantine's Stack with gap "xs" and mt "xs", as the panel placed its radios.
const STACK_STYLE = { "--stack-gap": "var(--mantine-spacing-xs)", "--stack-align": "stretch", "--stack-justify": "flex-start", marginTop: "var(--mantine-spacing-xs)" } as React.CSSProperties;

/** A labelled group of choices: radios (one of them) or checkboxes (any of them). */
export function ChoiceGroup({ kind, label, children }: { kind: "radio" | "checkbox"; label: string; children: ReactNode }) {
  const labelId = `mantine-${useId()}-label`;
  const component = kind === "radio" ? "RadioGroup" : "CheckboxGroup";
  return (
    <div className={`m_46b77525 mantine-InputWrapper-root mantine-${component}-root`}>
      <div className={`m_8fdc1311 mantine-InputWrapper-label mantine-${component}-label`} id={labelId}>
        {label}
      </div>
      <div role={kind === "radio" ? "radiogroup" : "group"} aria-labelledby={labelId}>
        {kind === "radio" ? (
          <div style={STACK_STYLE} className="m_6d731127 mantine-Stack-root">
            {children}
          </div>
        ) : (
          children
        )}
      </div>
    </div>
  );
}

// A fieldset and its legend without the browser's frame and indent, as the other groups are drawn.
const FIELDSET_STYLE = { border: 0, padding: 0, margin: 0, minWidth: 0 } as React.CSSProperties;
const LEGEND_STYLE = { padding: 0 } as React.CSSProperties;

/**
 * A group of checkboxes as a fieldset whose legend names it (an option's values: "Pot size"), drawn as a
 * ChoiceGroup of checkboxes is, for groups whose name comes from the shop's data.
 */
export function ChoiceFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="m_46b77525 mantine-InputWrapper-root mantine-CheckboxGroup-root" style={FIELDSET_STYLE}>
      <legend className="m_8fdc1311 mantine-InputWrapper-label mantine-CheckboxGroup-label" style={LEGEND_STYLE}>
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

/** Text read by screen readers only (Mantine's VisuallyHidden), e.g. the word after a count: "(2 products)". */
export function ScreenReaderText({ children }: { children: ReactNode }) {
  return <span className="m_515a97f8 mantine-VisuallyHidden-root">{children}</span>;
}

interface ChoiceProps {
  value: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  /** The shopper ticked it (a radio) or ticked or unticked it (a checkbox: `checked` is its new state). */
  onChange: (checked: boolean) => void;
}

/** The label beside a radio or checkbox (Mantine's InlineInput). */
function ChoiceLabel({ component, disabled, label, inputId }: { component: "Radio" | "Checkbox"; disabled: boolean; label: ReactNode; inputId: string }) {
  return (
    <div className={`m_d3ea56bb mantine-${component}-labelWrapper`} data-disabled={disabled || undefined}>
      <label className={`m_8ee546b8 mantine-${component}-label`} htmlFor={inputId} data-disabled={disabled || undefined}>
        {label}
      </label>
    </div>
  );
}

const RADIO_STYLE = { "--radio-color": "var(--mantine-color-green-filled)", "--radio-icon-color": "var(--mantine-color-white)" } as React.CSSProperties;

/** One radio of a ChoiceGroup of kind "radio"; `name` is the group's (every radio of a group shares it). */
export function ChoiceRadio({ name, value, label, checked, disabled = false, onChange }: ChoiceProps & { name: string }) {
  const id = `mantine-${useId()}`;
  return (
    <div style={RADIO_STYLE} className="m_f3f1af94 mantine-Radio-root m_5f75b09e mantine-Radio-root" data-label-position="right" data-checked={checked || undefined}>
      <div className="m_5f6e695e mantine-Radio-body">
        <div className="m_89c4f5e4 mantine-Radio-inner" data-label-position="right">
          <input
            className="mantine-focus-always m_8a3dbb89 mantine-Radio-radio"
            data-with-error-styles="true"
            disabled={disabled}
            id={id}
            type="radio"
            name={name}
            checked={checked}
            value={value}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          <svg xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 5 5" aria-hidden="true" className="m_f3ed6b2b mantine-Radio-icon">
            <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
          </svg>
        </div>
        <ChoiceLabel component="Radio" disabled={disabled} label={label} inputId={id} />
      </div>
    </div>
  );
}

const CHECKBOX_STYLE = {
  "--checkbox-radius": "var(--mantine-radius-sm)",
  "--checkbox-color": "var(--mantine-color-green-filled)",
  "--checkbox-icon-color": "var(--mantine-color-white)",
  marginTop: "var(--mantine-spacing-xs)",
} as React.CSSProperties;

/**
 * A checkbox of a ChoiceGroup of kind "checkbox" or of a ChoiceFieldset; its label may hold ScreenReaderText.
 * `name`, when given, is its field's name in a form (sent with its value when ticked).
 */
export function ChoiceCheckbox({ name, value, label, checked, disabled = false, onChange }: Omit<ChoiceProps, "label"> & { label: ReactNode; name?: string }) {
  const id = `mantine-${useId()}`;
  return (
    <div style={CHECKBOX_STYLE} className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root" data-variant="filled" data-label-position="right" data-checked={checked || undefined}>
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            className="mantine-focus-always m_26063560 mantine-Checkbox-input"
            data-with-error-styles="true"
            id={id}
            disabled={disabled}
            type="checkbox"
            name={name}
            checked={checked}
            value={value}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className="m_bf295423 mantine-Checkbox-icon">
            <path
              d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
        <ChoiceLabel component="Checkbox" disabled={disabled} label={label} inputId={id} />
      </div>
    </div>
  );
}
