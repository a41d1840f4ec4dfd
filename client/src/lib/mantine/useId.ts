import { useId as useReactId } from "react";

/**
 * Mantine's useId without its last step. Mantine's renders `mantine-<React's id>` and then, in a layout
 * effect, swaps in a random id: after hydration every input, radio, checkbox, select and tooltip on the
 * page set a state, which React renders synchronously, in one long task together with every effect the
 * hydration left to run (Lighthouse mobile TBT). React's ids are already unique in the page and the same on
 * the server and in the browser, so the first id is kept: the markup is exactly what the server sent.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/:/g, "")}`;
}
