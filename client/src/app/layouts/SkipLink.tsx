// 'Skip to content': the first stop of the Tab order, past the navigation to the page itself.
// It focuses the page's heading (or the main area), as a route change does.
import type { MouseEvent } from "react";
import classes from "./SkipLink.module.css";

export const MAIN_CONTENT_ID = "main-content";

export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    const target = main?.querySelector<HTMLElement>("[data-page-heading]") ?? main;
    target?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>
      Skip to content
    </a>
  );
}
