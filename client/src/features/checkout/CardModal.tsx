// The card modal (spec sections 4 and 5): a live preview beside the four fields; Save Card checks the
// lengths and closes when the card is valid. The details stay in this browser tab only.
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { CardPreview } from "../../components/CardPreview";
import {
  CARD_CVC_LENGTH,
  CARD_EXPIRY_LENGTH,
  cardDigits,
  checkCardForSaving,
  MAX_CARD_NUMBER_LENGTH,
  type CardDetails,
} from "../../lib/card/cardRules";
import { notifyError, notifySuccess } from "../../lib/notify";

export interface CardModalProps {
  opened: boolean;
  initialCard: CardDetails;
  onClose: () => void;
  onSave: (card: CardDetails) => void;
}

export function CardModal({ opened, initialCard, onClose, onSave }: CardModalProps) {
  const [card, setCard] = useState<CardDetails>(initialCard);
  const set = (field: keyof CardDetails, value: string) => setCard((current) => ({ ...current, [field]: value }));

  const save = () => {
    const outcome = checkCardForSaving(card);
    if (!outcome.saved) {
      notifyError(outcome.message);
      return;
    }
    notifySuccess(outcome.message);
    onSave(card);
  };

  return (
    // Focus stays inside while it is open and starts on the card number; the checkout screen puts it back
    // on Enter card when it closes (the button was busy, so the modal cannot know where focus was).
    <Modal opened={opened} onClose={onClose} title="Card details" size="lg" centered trapFocus returnFocus={false}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <CardPreview card={card} />
        <Stack gap="sm">
          <TextInput
            label="Card number"
            data-autofocus
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={MAX_CARD_NUMBER_LENGTH}
            value={card.number}
            onChange={(event) => set("number", cardDigits(event.currentTarget.value).slice(0, MAX_CARD_NUMBER_LENGTH))}
          />
          <Group grow>
            <TextInput
              label="Expiry (MMYY)"
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={CARD_EXPIRY_LENGTH}
              value={card.expiry}
              onChange={(event) => set("expiry", cardDigits(event.currentTarget.value).slice(0, CARD_EXPIRY_LENGTH))}
            />
            <TextInput
              label="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={CARD_CVC_LENGTH}
              value={card.cvc}
              onChange={(event) => set("cvc", cardDigits(event.currentTarget.value).slice(0, CARD_CVC_LENGTH))}
            />
          </Group>
          <TextInput label="Name on card" autoComplete="cc-name" value={card.name} onChange={(event) => set("name", event.currentTarget.value)} />
          <Button onClick={save}>Save Card</Button>
        </Stack>
      </SimpleGrid>
    </Modal>
  );
}
