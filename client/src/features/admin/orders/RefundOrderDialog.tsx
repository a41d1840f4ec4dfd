// 'Refund': an admin gives back part of an order's payment (refundOrder), as an amount or as units of its
// lines, never both, always with a reason. The server decides what may be refunded and, for items, how much
// (a line's units come to what was paid for them, after promotions and with tax added on top); the dialog
// only offers what is left:
// - an amount up to the order's total less what was refunded ('$X can still be refunded.');
// - for each line, 0 to the units not yet given back by a refund that did not fail.
// - 'Keep' closes and changes nothing; 'Refund $X' (or 'Refund selected items': the server works out their
//   amount) sends it, busy meanwhile, and the dialog cannot be closed until the answer comes.
// - The server's words go where they belong: each field's message beside its field (an amount's limit, a
//   line's units left, the reason), focus on the first field to fix; a refusal by the payment provider
//   (CONFLICT: nothing was refunded) and anything else at the top of the dialog.
// - A refund answers the whole order, which the cache puts on screen (the new figures, its refunds); the
//   dashboard's revenue, net of refunds, reloads.
import { useMutation } from "@apollo/client/react";
import { Alert, Box, Button, Group, Modal, NumberInput, Radio, Stack, Table, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import type { AdminOrderQuery, RefundInput } from "../../../graphql/generated/graphql";
import { invalidInputFields } from "../../../lib/apollo/errors";
import { reloadListsAfter } from "../../../lib/apollo/reloadLists";
import { variantLabel } from "../../../lib/catalog/variants";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { messages } from "../../../lib/messages";
import { formatMoney, toCents } from "../../../lib/money";
import { notifySuccess } from "../../../lib/notify";
import { cancelFailureMessage } from "../../../lib/orders/cancelOrder";
import { refundableLeft, unitsLeft } from "../../../lib/orders/paymentStatus";
import { REQUIRED } from "../adminRules";
import { RefundOrderDocument } from "./viewOperations";

export type RefundableOrder = NonNullable<AdminOrderQuery["order"]>;
type Mode = "amount" | "items";

export const refundOrderTitle = (orderNumber: string) => `Refund order ${orderNumber}`;
export const NO_ITEMS_CHOSEN = "Choose at least one item to refund.";
export const AMOUNT_TOO_SMALL = "Give an amount of at least $0.01.";
/** The server's words for an amount over what is left; the dialog says them before asking. */
export const atMostLeft = (left: number) => `At most ${formatMoney(left)} can still be refunded on this order.`;
/** The fields the dialog shows messages beside; the server reports refunds' problems under these. */
const FIELDS = ["amount", "lines", "reason"] as const;
const LINES_ERROR_ID = "refund-lines-error";

export interface RefundOrderDialogProps {
  opened: boolean;
  order: RefundableOrder;
  onClose: () => void;
  /** After a refund went through (the dialog is closing). */
  onRefunded: () => void;
}

export function RefundOrderDialog({ opened, order, onClose, onRefunded }: RefundOrderDialogProps) {
  const [refundOrder, { loading }] = useMutation(RefundOrderDocument, { update: reloadListsAfter("orderRefunded") });
  const close = () => {
    if (!loading) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={refundOrderTitle(order.orderNumber)} size="lg" closeOnClickOutside={!loading} closeOnEscape={!loading}>
      {/* Mounted afresh at each opening: a new refund starts empty. */}
      {opened && (
        <RefundForm
          order={order}
          busy={loading}
          onKeep={close}
          onSend={async (input) => {
            const { data } = await refundOrder({ variables: { id: order.id, input } });
            if (data) notifySuccess(data.refundOrder.message);
            onRefunded();
          }}
        />
      )}
    </Modal>
  );
}

interface RefundFormProps {
  order: RefundableOrder;
  busy: boolean;
  onKeep: () => void;
  /** Sends the refund; rejects with the server's refusal. */
  onSend: (input: RefundInput) => Promise<void>;
}

function RefundForm({ order, busy, onKeep, onSend }: RefundFormProps) {
  const [mode, setMode] = useState<Mode>("amount");
  const [amount, setAmount] = useState<number | string>("");
  const [units, setUnits] = useState<Record<number, number | string>>({});
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const { ref: formRef, errorOf, show, clear } = useFieldErrors<HTMLFormElement>();
  const left = refundableLeft(order);
  const linesLeft = unitsLeft(order.lines, order.refunds);
  const chosen = order.lines.map((line) => ({ lineId: line.id, quantity: Number(units[line.id] || 0) })).filter((line) => line.quantity > 0);
  const amountGiven = String(amount).trim() !== "" && Number(amount) > 0;
  const linesError = errorOf("lines");

  /** What is wrong before asking the server (its own words where it has them), by field. */
  const problems = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (reason.trim() === "") found.reason = REQUIRED;
    if (mode === "amount") {
      if (String(amount).trim() === "") found.amount = REQUIRED;
      else if (toCents(amount) <= 0) found.amount = AMOUNT_TOO_SMALL;
      else if (toCents(amount) > toCents(left)) found.amount = atMostLeft(left);
    } else if (chosen.length === 0) found.lines = NO_ITEMS_CHOSEN;
    return found;
  };

  const submit = async () => {
    setFailure(null);
    const found = problems();
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    clear();
    try {
      await onSend(mode === "amount" ? { amount: Number(amount), reason: reason.trim() } : { lines: chosen, reason: reason.trim() });
    } catch (error) {
      const byField = invalidInputFields(error);
      if (byField) {
        // What the server says of the other way of refunding (e.g. 'already refunded in full' at amount while
        // items are chosen) is said at the way shown; what belongs to no field of the dialog goes at the top.
        const shown: Record<string, string> = {};
        const elsewhere: string[] = [];
        for (const [field, message] of Object.entries(byField)) {
          const at = field === "amount" || field === "lines" ? (mode === "amount" ? "amount" : "lines") : field;
          if ((FIELDS as readonly string[]).includes(at)) shown[at] ??= message;
          else elsewhere.push(message);
        }
        show(shown);
        if (elsewhere.length > 0) setFailure(elsewhere.join(" "));
        return;
      }
      // The payment provider's refusal (CONFLICT) and any other answer: the server's words, else the fallback.
      setFailure(cancelFailureMessage(error, messages.genericFailure));
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={refundOrderTitle(order.orderNumber)}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <Stack>
        {failure && (
          <Alert color="red" variant="light" data-testid="refund-failure">
            {failure}
          </Alert>
        )}
        <Text size="sm" data-testid="refund-left">
          {formatMoney(left)} of {formatMoney(order.total)} can still be refunded.
        </Text>
        <Radio.Group
          label="Refund"
          value={mode}
          onChange={(value) => {
            setMode(value as Mode);
            clear("amount");
            clear("lines");
          }}
        >
          <Group mt={4}>
            <Radio value="amount" label="An amount" data-autofocus disabled={busy} />
            <Radio value="items" label="Items" disabled={busy} />
          </Group>
        </Radio.Group>

        {mode === "amount" ? (
          <NumberInput
            label="Amount"
            description={`Up to ${formatMoney(left)}.`}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              clear("amount");
            }}
            min={0}
            decimalScale={2}
            allowNegative={false}
            prefix="$"
            required
            disabled={busy}
            error={errorOf("amount")}
          />
        ) : (
          // A plain fieldset (no stylesheet of its own to load): its legend names the lines' inputs as a group, and
          // the items' message describes the group.
          <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }} aria-describedby={linesError ? LINES_ERROR_ID : undefined}>
            <Text component="legend" size="sm" fw={500} p={0} mb={4}>
              Items to refund
            </Text>
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th ta="right">Bought</Table.Th>
                    <Table.Th ta="right">Left to refund</Table.Th>
                    <Table.Th ta="right">Units to refund</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.lines.map((line) => {
                    const name = variantLabel(line.name, line.options);
                    const unitsOfLine = linesLeft.get(line.id) ?? 0;
                    return (
                      <Table.Tr key={line.id} data-testid="refund-line">
                        <Table.Td>{name}</Table.Td>
                        <Table.Td ta="right">{line.quantity}</Table.Td>
                        <Table.Td ta="right">{unitsOfLine}</Table.Td>
                        <Table.Td ta="right">
                          <NumberInput
                            aria-label={`Units of ${name} to refund`}
                            value={units[line.id] ?? 0}
                            onChange={(value) => {
                              setUnits((current) => ({ ...current, [line.id]: value }));
                              clear("lines");
                            }}
                            min={0}
                            max={unitsOfLine}
                            clampBehavior="strict"
                            allowDecimal={false}
                            allowNegative={false}
                            disabled={busy || unitsOfLine === 0}
                            error={Boolean(linesError)}
                            w={96}
                            ml="auto"
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {linesError && (
              <Text id={LINES_ERROR_ID} size="sm" c="var(--mantine-color-error)" mt="xs">
                {linesError}
              </Text>
            )}
          </Box>
        )}

        <Textarea
          label="Reason"
          description="The shopper's e-mail and the order's refunds show it."
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            clear("reason");
          }}
          rows={3}
          maxLength={500}
          required
          disabled={busy}
          error={errorOf("reason")}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep} disabled={busy}>
            Keep
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {mode === "items" ? "Refund selected items" : amountGiven ? `Refund ${formatMoney(Number(amount))}` : "Refund"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
