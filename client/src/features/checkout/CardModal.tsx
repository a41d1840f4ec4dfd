// The card modal: a live preview beside the four fields; Save Card checks the
// lengths and closes when the card is valid; otherwise each field's problem shows beside it and focus
// goes to the first. The details stay in this browser tab only.
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { CardPreview } from "../../components/CardPreview";
import {
  CARD_CVC_LENGTH,
  CARD_EXPIRY_LENGTH,
  cardDigits,
  cardFieldProblems,
  checkCardForSaving,
  MAX_CARD_NUMBER_LENGTH,
  type CardDetails,
} from "../../lib/card/cardRules";
import { useFieldErrors } from "../../lib/forms/useFieldErrors";
import { notifyError, notifySuccess } from "../../lib/notify";

export interface CardModalProps {
  opened: boolean;
  initialCard: CardDetails;
  onClose: () => void;
  onSave: (card: CardDetails) => void;
}

export function CardModal({ opened, initialCard, onClose, onSave }: CardModalProps) {
  const [card, setCard] = useState<CardDetails>(initialCard);
  const { ref: fieldsRef, errorOf, show: showProblems, clear: clearProblem } = useFieldErrors<HTMLDivElement>();
  const set = (field: keyof CardDetails, value: string) => {
    clearProblem(field);
    setCard((current) => ({ ...current, [field]: value }));
  };

  const save = () => {
    const outcome = checkCardForSaving(card);
    if (!outcome.saved) {
      notifyError(outcome.message);
      showProblems(cardFieldProblems(card) as Record<string, string>);
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
        <Stack gap="sm" ref={fieldsRef}>
          <TextInput
            label="Card number"
            error={errorOf("number")}
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
              error={errorOf("expiry")}
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={CARD_EXPIRY_LENGTH}
              value={card.expiry}
              onChange={(event) => set("expiry", cardDigits(event.currentTarget.value).slice(0, CARD_EXPIRY_LENGTH))}
            />
            <TextInput
              label="CVC"
              error={errorOf("cvc")}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={CARD_CVC_LENGTH}
              value={card.cvc}
              onChange={(event) => set("cvc", cardDigits(event.currentTarget.value).slice(0, CARD_CVC_LENGTH))}
            />
          </Group>
          <TextInput
            label="Name on card"
            autoComplete="cc-name"
            error={errorOf("name")}
            value={card.name}
            onChange={(event) => set("name", event.currentTarget.value)}
          />
          <Button onClick={save}>Save Card</Button>
        </Stack>
      </SimpleGrid>
    </Modal>
  );
}
