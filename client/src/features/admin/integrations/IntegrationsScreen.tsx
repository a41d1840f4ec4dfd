// The back office's Integrations area: API keys for systems that are not a person, and
// webhooks that tell them what happened. Two tabs; the address keeps the tab (?tab=webhooks).
import { PageTitle } from "../../../components/PageTitle";
import { Stack, Tabs, Text } from "@mantine/core";
import { useSearchParams } from "react-router-dom";
import { ApiKeysPanel } from "./ApiKeysPanel";
import { WebhooksPanel } from "./WebhooksPanel";

export function IntegrationsScreen() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "webhooks" ? "webhooks" : "keys";
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <PageTitle title="Integrations" />
        <Text c="dimmed" size="sm">
          API keys let your other systems use the shop's API; webhooks tell them when something happens. See the README for how to verify a webhook's signature.
        </Text>
      </Stack>
      <Tabs value={tab} onChange={(value) => setParams(value === "webhooks" ? { tab: "webhooks" } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="keys">API keys</Tabs.Tab>
          <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="keys" pt="md">
          <ApiKeysPanel />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          <WebhooksPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
