// Footer: a newsletter email input with Submit (its behaviour is not specified, so it
// only keeps the page from reloading; method="post": sent before the scripts run, it waits for them, and
// without them the server answers with the page again, the email in no address), links About us, Terms and Conditions, Privacy Policy, and a copyright line.
import { Anchor, Button, Container, Group, Stack, Text, TextInput } from "@mantine/core";
import { ShopLogo } from "../../components/ShopLogo";

export function Footer() {
  return (
    <footer style={{ borderTop: "1px solid var(--mantine-color-gray-3)", background: "var(--mantine-color-green-0)" }}>
      <Container size="xl" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="lg">
            <ShopLogo height={30} />
            <form method="post" onSubmit={(event) => event.preventDefault()} aria-label="Newsletter">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput type="email" label="Newsletter email" placeholder="you@example.com" name="newsletter-email" />
                <Button type="submit" variant="filled">
                  Submit
                </Button>
              </Group>
            </form>
          </Group>
          <Group gap="lg" component="nav" aria-label="About the shop">
            <Anchor href="#" c="dimmed" size="sm">
              About us
            </Anchor>
            <Anchor href="#" c="dimmed" size="sm">
              Terms and Conditions
            </Anchor>
            <Anchor href="#" c="dimmed" size="sm">
              Privacy Policy
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Verdant plant and garden shop. All rights reserved.
          </Text>
        </Stack>
      </Container>
    </footer>
  );
}
