// A screen or list with nothing to show: a title, a line of help and an optional way on.
import { Anchor, EmptyState as MantineEmptyState } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** The way on when it is something to do here, e.g. 'Try again'. */
  action?: ReactNode;
  /** The way on when it is another page of the shop, e.g. 'Back to the store'. */
  link?: { to: string; label: string };
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, link, icon }: EmptyStateProps) {
  const wayOn =
    action ??
    (link && (
      <Anchor component={Link} to={link.to}>
        {link.label}
      </Anchor>
    ));
  return (
    <MantineEmptyState title={title} description={description} icon={icon} py="xl">
      {wayOn && <MantineEmptyState.Actions>{wayOn}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
