// A live picture of the card being typed: issuer from the leading digits, the number at the issuer's
// length, holder name, expiry and a Luhn check once the number is complete. Nothing leaves the browser.
import { Box, Group, Stack, Text } from "@mantine/core";
import { cardDigits, detectIssuer, displayLength, passesLuhn, previewExpiry, previewNumber, type CardDetails } from "../lib/card/cardRules";

export function CardPreview({ card }: { card: CardDetails }) {
  const issuer = detectIssuer(card.number);
  const complete = cardDigits(card.number).length >= displayLength(card.number);
  const luhn = complete ? passesLuhn(card.number) : null;
  return (
    <Box
      data-testid="card-preview"
      data-issuer={issuer ?? "unknown"}
      p="lg"
      style={{
        borderRadius: 14,
        color: "white",
        background: "linear-gradient(135deg, #2b8a3e 0%, #087f5b 55%, #0b7285 100%)",
        aspectRatio: "1.586",
        maxWidth: 360,
        width: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
      }}
    >
      <Group justify="space-between">
        <Box w={40} h={28} style={{ borderRadius: 6, background: "linear-gradient(135deg,#ffe066,#fab005)" }} aria-hidden="true" />
        <Text fw={700} tt="uppercase" size="sm" data-testid="card-issuer">
          {issuer ?? "Card"}
        </Text>
      </Group>
      <Text ff="monospace" fz={20} style={{ letterSpacing: 1 }} data-testid="card-number">
        {previewNumber(card.number)}
      </Text>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text size="xs" opacity={0.8}>
            Card holder
          </Text>
          <Text fw={600} tt="uppercase" data-testid="card-name">
            {card.name.trim() || "Your name here"}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" opacity={0.8}>
            Valid thru
          </Text>
          <Text ff="monospace" data-testid="card-expiry">
            {previewExpiry(card.expiry)}
          </Text>
        </Stack>
      </Group>
      <Text size="xs" aria-live="polite" data-testid="card-luhn" opacity={0.9}>
        {luhn === null ? "\u00a0" : luhn ? "Card number passes the Luhn check" : "Card number fails the Luhn check"}
      </Text>
    </Box>
  );
}
