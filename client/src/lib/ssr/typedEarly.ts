// What a shopper typed into a server-rendered page before its scripts ran. Hydration leaves the boxes as
// they are (React does not overwrite what is typed while hydrating), but a controlled box's state still holds
// what the server drew (mostly ""), and the next render of the box would put that back: the typing would be
// lost, and a form sent once the app answers (client/build/scripts-after-content.ts) would send nothing.
// So a form reads its named fields once, as it is hydrated, and takes what they hold into its state.
import { useEffectEvent, useLayoutEffect, type RefObject } from "react";

/** The named text fields (not boxes to tick, not buttons) of `container` whose text is not what the page was drawn with. */
export function fieldsTypedInto(container: ParentNode): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[name], textarea[name]")) {
    if (field instanceof HTMLInputElement && ["checkbox", "radio", "submit", "button", "reset", "hidden", "file", "image"].includes(field.type)) continue;
    // React gives a controlled box its value as its default value (the HTML's value attribute) when hydrating it.
    if (field.value !== field.defaultValue) typed[field.name] = field.value;
  }
  return typed;
}

/**
 * Once, as the component is first drawn in the browser (hydrated, or mounted: then nothing is typed yet), hands
 * `keep` the named fields inside `container` that hold text the page was not drawn with, by their names.
 */
export function useTypedBeforeHydration(container: RefObject<HTMLElement | null>, keep: (typed: Record<string, string>) => void): void {
  const keepNow = useEffectEvent(keep);
  // A layout effect: it runs in the same commit as the hydration, before any later render could put the
  // state's value back into the boxes.
  useLayoutEffect(() => {
    if (!container.current) return;
    const typed = fieldsTypedInto(container.current);
    if (Object.keys(typed).length > 0) keepNow(typed);
  }, [container]);
}
