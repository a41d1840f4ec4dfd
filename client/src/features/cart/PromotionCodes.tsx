// The cart's promotion codes: a 'Promotion code' field with Apply (Enter applies too), shown only while the
// shop takes codes (acceptsPromotionCodes), and the codes kept with the cart, each with 'Remove'. Apply asks
// the server (applyCode) with the cart's lines and the codes already kept: the code is kept only when it
// applies, and the server's reason shows at the field when it does not ('This code has expired.'). A kept
// code the cart's quote no longer applies (the cart fell under a minimum) says why beside it. What was applied
// or removed is said in a live region.
import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { Button, Group, Stack, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useId, useRef, useState } from "react";
import { AcceptsPromotionCodesDocument, ApplyCodeDocument } from "../../graphql/generated/graphql";
import { invalidInputFields, serverMessage } from "../../lib/apollo/errors";
import { useCart } from "../../lib/cart/CartProvider";
import { cartLineInput, codeOutcome, keepQuote, type CartQuoteState } from "../../lib/cart/cartQuote";
import { MAX_CODE_LENGTH, normalCode, withCode } from "../../lib/cart/promotionCodes";

export function PromotionCodes({ quote }: { quote: CartQuoteState }) {
  const client = useApolloClient();
  const { cartItems, codes, addCode, removeCode } = useCart();
  const { data } = useQuery(AcceptsPromotionCodesDocument);
  const acceptsCodes = data?.acceptsPromotionCodes === true;
  const [applyCode, { loading: applying }] = useMutation(ApplyCodeDocument);
  const [entered, setEntered] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const field = useRef<HTMLInputElement>(null);
  const listLabel = useId();

  // Codes kept from a shared link stay listed (so they can be removed) even when the shop takes none now.
  if (!acceptsCodes && codes.length === 0) return null;

  const apply = async () => {
    const code = normalCode(entered);
    setProblem(null);
    try {
      const { data: applied } = await applyCode({
        variables: { code, lines: cartItems.map(cartLineInput), ...(codes.length > 0 ? { codes: [...codes] } : {}) },
      });
      if (!applied) return;
      // The answer is the cart's quote with the code: shown at once, not asked for again.
      keepQuote(client, cartItems, null, withCode(codes, code), applied.applyCode);
      addCode(code);
      setEntered("");
      setAnnouncement(`Code ${code} applied.`);
    } catch (error) {
      // The server's words: why the code does not apply, or that too many wrong codes were tried.
      const message = invalidInputFields(error)?.code ?? serverMessage(error);
      setProblem(message);
      setAnnouncement(message);
      field.current?.focus();
    }
  };

  const remove = (code: string) => {
    removeCode(code);
    setAnnouncement(`Code ${code} removed.`);
    // The button is gone with its code: focus goes back to the field (or stays on the page).
    field.current?.focus();
  };

  return (
    <Stack gap="xs">
      {acceptsCodes && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!applying) void apply();
          }}
        >
          <TextInput
            ref={field}
            label="Promotion code"
            value={entered}
            error={problem}
            maxLength={MAX_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => {
              setEntered(event.currentTarget.value);
              if (problem) setProblem(null);
            }}
            rightSectionWidth={80}
            rightSectionPointerEvents="all"
            rightSection={
              <Button type="submit" size="compact-sm" variant="light" loading={applying}>
                Apply
              </Button>
            }
          />
        </form>
      )}
      {codes.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600} id={listLabel}>
            Applied codes
          </Text>
          <Stack component="ul" gap={4} aria-labelledby={listLabel} m={0} p={0} style={{ listStyle: "none" }}>
            {codes.map((code) => {
              const outcome = quote.status === "ready" ? codeOutcome(quote.quote, code) : undefined;
              return (
                <li key={code} data-testid="applied-code">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} ff="monospace">
                      {code}
                    </Text>
                    <Button variant="subtle" color="red" size="compact-sm" aria-label={`Remove code ${code}`} onClick={() => remove(code)}>
                      Remove
                    </Button>
                  </Group>
                  {outcome && !outcome.applied && outcome.message && (
                    <Text size="sm" c="red.9" data-testid="code-message">
                      {outcome.message}
                    </Text>
                  )}
                </li>
              );
            })}
          </Stack>
        </Stack>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
