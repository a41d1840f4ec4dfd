// The foot of a paged list: how many of how many are shown and a 'Load more' button that fetches the next
// page onto the end of the list. The count line is a polite live region, so a screen reader hears
// "Loading more products…" and then the new count; focus stays on the button, and moves to the count
// when the last page arrives and the button goes away. A list that fits one page shows neither.
import { Button, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import type { Page } from "../lib/apollo/pages";

export interface LoadMoreProps {
  /** The list as shown: its pages so far (how many it shows), how many match over all pages, whether more follow. */
  page: Page<unknown>;
  /** Plural noun, e.g. "products". */
  noun: string;
  onLoadMore: () => Promise<unknown>;
}

export const showingText = (shown: number, total: number, noun: string) => `Showing ${shown} of ${total} ${noun}`;

export function LoadMore({ page, noun, onLoadMore }: LoadMoreProps) {
  const shown = page.edges.length;
  const total = page.totalCount;
  const hasMore = page.pageInfo.hasNextPage;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const countRef = useRef<HTMLParagraphElement>(null);
  const keepFocus = useRef(false);
  const [paged, setPaged] = useState(hasMore);
  if (hasMore && !paged) setPaged(true);

  useEffect(() => {
    if (!hasMore && keepFocus.current) {
      keepFocus.current = false;
      countRef.current?.focus();
    }
  }, [hasMore]);

  // A list that fits one page needs neither; once paged, the count stays to the end.
  if (!hasMore && !paged) return null;

  const load = async () => {
    if (busy) return;
    keepFocus.current = document.activeElement === buttonRef.current;
    setBusy(true);
    setFailed(false);
    try {
      await onLoadMore();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack align="center" gap="xs" mt="md">
      <Text ref={countRef} tabIndex={-1} role="status" size="sm" c="dimmed">
        {busy ? `Loading more ${noun}…` : showingText(shown, total, noun)}
      </Text>
      {failed && (
        <Text role="alert" size="sm" c="red">
          We could not load more {noun}. Please try again.
        </Text>
      )}
      {hasMore && (
        <Button
          ref={buttonRef}
          variant="light"
          aria-disabled={busy}
          onClick={() => void load()}
          rightSection={busy ? <Loader size="xs" color="green" /> : undefined}
        >
          Load more {noun}
        </Button>
      )}
    </Stack>
  );
}
