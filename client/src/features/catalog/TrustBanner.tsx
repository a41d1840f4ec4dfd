// The home page's trust banner with its four items.
import { Paper, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { HeadsetIcon, ReceiptIcon, ShieldIcon, TruckIcon } from "../../components/icons";

export const TRUST_ITEMS = [
  { title: "Payment Secured", detail: "Your card details never leave your browser.", Icon: ShieldIcon },
  { title: "Nationwide Shipping", detail: "Delivered to every region we serve.", Icon: TruckIcon },
  { title: "24/7 Support", detail: "Gardeners on call, day and night.", Icon: HeadsetIcon },
  { title: "No Refund Policy", detail: "Please choose carefully: sales are final.", Icon: ReceiptIcon },
] as const;

export function TrustBanner() {
  return (
    <Paper component="section" aria-label="Why shop with us" withBorder p="lg" radius="md" bg="green.0">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
        {TRUST_ITEMS.map(({ title, detail, Icon }) => (
          <Stack key={title} gap={4} align="center" ta="center">
            <ThemeIcon size={44} radius="xl" variant="light" color="green">
              <Icon />
            </ThemeIcon>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
