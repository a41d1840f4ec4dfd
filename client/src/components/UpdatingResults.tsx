// Results that stay on screen while newer ones load (another search, sort or filter): dimmed, and hidden
// from screen readers and the keyboard (they no longer answer the question), with a polite status line
// saying that new results are on their way. Nothing blanks abruptly.
import { Box, Group, Loader, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface UpdatingResultsProps {
  updating: boolean;
  /** The status line while updating, e.g. "Searching…". */
  label: string;
  children: ReactNode;
}

export function UpdatingResults({ updating, label, children }: UpdatingResultsProps) {
  return (
    <Box aria-busy={updating}>
      <Group role="status" gap="xs">
        {updating && (
          <>
            <Loader size="xs" color="green" />
            <Text size="sm" c="dimmed">
              {label}
            </Text>
          </>
        )}
      </Group>
      <Box
        aria-hidden={updating || undefined}
        inert={updating}
        // Dimmed gently; newer results show at once (fading them back in would leave text below 4.5:1 for a moment).
        style={{ opacity: updating ? 0.45 : 1, transition: updating ? "opacity 150ms ease-in" : "none" }}
      >
        {children}
      </Box>
    </Box>
  );
}
