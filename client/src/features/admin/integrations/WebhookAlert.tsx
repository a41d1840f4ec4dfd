// Tells the admin, on every back-office page, that a webhook endpoint was turned off after failing for a
// day, with the way to it. Says nothing while it loads or if it cannot ask.
import { useQuery } from "@apollo/client/react";
import { Alert, Anchor } from "@mantine/core";
import { Link } from "react-router-dom";
import { WebhookAlertsDocument } from "../../../graphql/generated/graphql";

export function WebhookAlert() {
  const { data } = useQuery(WebhookAlertsDocument, { fetchPolicy: "cache-and-network", errorPolicy: "ignore" });
  const turnedOff = data?.webhookEndpoints.filter((endpoint) => !endpoint.active && endpoint.disabledAt) ?? [];
  if (turnedOff.length === 0) return null;
  return (
    <Alert color="red" title="A webhook endpoint was turned off" role="alert">
      {turnedOff.length === 1 ? `${turnedOff[0].url} was` : `${turnedOff.length} endpoints were`} turned off after failing for a day.{" "}
      <Anchor component={Link} to={turnedOff.length === 1 ? `/admin/integrations/webhooks/${turnedOff[0].id}` : "/admin/integrations?tab=webhooks"}>
        See Integrations
      </Anchor>
    </Alert>
  );
}
