// A screen or list with nothing to show: a title, a line of help and an optional way on.
import { EmptyState as MantineEmptyState } from "@mantine/core";
import type { ReactNode } from "react";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <MantineEmptyState title={title} description={description} icon={icon} py="xl">
      {action && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
