// What a screen shows until its data has loaded: the logo and a spinner.
import { Center, Loader, Stack } from "@mantine/core";
import { ShopLogo } from "./ShopLogo";

export function LoadingView({ label = "Loading" }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={label}>
      <Stack align="center" gap="md">
        <ShopLogo height={48} />
        <Loader color="green" type="dots" />
      </Stack>
    </Center>
  );
}
