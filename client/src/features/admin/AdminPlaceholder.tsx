// Stands in for each admin screen until the admin area is built. Loaded lazily, so the storefront's
// first load does not carry it.
import { Stack, Text, Title } from "@mantine/core";
import { useLocation } from "react-router-dom";

export function AdminPlaceholder() {
  const { pathname } = useLocation();
  return (
    <Stack gap="xs" py="xl">
      <Title order={1}>Admin</Title>
      <Text c="dimmed">This management screen ({pathname}) is not built yet.</Text>
    </Stack>
  );
}

export default AdminPlaceholder;
