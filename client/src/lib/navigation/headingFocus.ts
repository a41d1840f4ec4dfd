// After a route change, focus moves to the new page's heading, so a screen reader announces the
// page and the next Tab starts from its top. The first page of a visit keeps the browser's own focus
// (the skip link comes first), and a change of the query alone (typing a search, sorting) never moves it.
let shownPath: string | undefined;

/** Whether the heading of the page at this path should take focus: the first time it shows after another page. */
export function headingShouldTakeFocus(path: string): boolean {
  const first = shownPath === undefined;
  const changed = shownPath !== path;
  shownPath = path;
  return !first && changed;
}

/** Forgets the page shown (tests that start a fresh app). */
export function resetHeadingFocus(): void {
  shownPath = undefined;
}
