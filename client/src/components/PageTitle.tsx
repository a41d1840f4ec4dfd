// The screen's one h1 and the browser tab's title ('Monstera Deliciosa · Verdant', 'Orders · Admin ·
// Verdant'), so a screen reader user knows where they are. React 19 hoists the <title> into the
// document's head, on the server too.
// On a route change the heading takes focus (tabIndex -1: focusable by script, not in the Tab order).
import { Title, VisuallyHidden, type TitleProps } from "@mantine/core";
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { headingShouldTakeFocus } from "../lib/navigation/headingFocus";

export const SHOP_NAME = "Verdant";

/** The tab's title for a page: its own name, 'Admin' under /admin, then the shop's name. */
export function documentTitle(title: string, path: string): string {
  return [title, ...(path.startsWith("/admin") ? ["Admin"] : []), SHOP_NAME].join(" · ");
}

export interface PageTitleProps extends Omit<TitleProps, "order" | "title" | "children"> {
  /** The page's name, in the tab's title, and the heading unless children say otherwise. */
  title: string;
  children?: ReactNode;
  /** A heading for screen readers only (the home page, whose look the spec fixes). */
  hidden?: boolean;
}

export function PageTitle({ title, children, hidden = false, ...titleProps }: PageTitleProps) {
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (headingShouldTakeFocus(pathname)) heading.current?.focus();
  }, [pathname]);
  const h1 = (
    <Title order={1} ref={heading} tabIndex={-1} data-page-heading style={{ outlineOffset: 4 }} {...titleProps}>
      {children ?? title}
    </Title>
  );
  return (
    <>
      <title>{documentTitle(title, pathname)}</title>
      {hidden ? <VisuallyHidden>{h1}</VisuallyHidden> : h1}
    </>
  );
}
