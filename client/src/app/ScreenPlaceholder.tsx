// Stands in for a storefront screen that is not built yet, so every route of the spec resolves.
import { Stack, Text, Title } from "@mantine/core";

export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <Stack gap="xs" py="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">This screen is not built yet.</Text>
    </Stack>
  );
}
