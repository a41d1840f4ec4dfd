// The confirmation before an order is cancelled (the shopper's order page, the admin's order view):
// cancelling cannot be undone, so it is asked once more, in the words of who is asking.
// - Focus starts on 'Keep order', the choice that changes nothing; Escape, the close button, a click
//   outside and 'Keep order' close it and focus goes back to the button that opened it.
// - While the cancellation is on its way, 'Cancel order' shows it is busy and the dialog cannot be closed
//   (the answer will come either way).
// - A refusal shows the server's words inside the dialog, announced (an alert); the dialog stays open.
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";

export interface CancelOrderDialogProps {
  opened: boolean;
  /** 'Cancel order ORD-…?', 'Cancel this order?' */
  title: string;
  /** What cancelling does, for who is asking. */
  text: string;
  cancelling: boolean;
  /** The server's words for a refused cancellation, else null. */
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function CancelOrderDialog({ opened, title, text, cancelling, failure, onConfirm, onClose }: CancelOrderDialogProps) {
  const close = () => {
    if (!cancelling) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} closeOnClickOutside={!cancelling} closeOnEscape={!cancelling}>
      <Stack>
        <Text size="sm">{text}</Text>
        {failure && (
          <Alert color="red" variant="light" data-testid="cancel-failure">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={cancelling} data-autofocus>
            Keep order
          </Button>
          <Button color="red" loading={cancelling} onClick={onConfirm}>
            Cancel order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
