// The fallback for an unknown or failing route: 'Unexpected Application Error!' and the error message.
import { PageTitle } from "../components/PageTitle";
import { Anchor, Code, Container, Stack } from "@mantine/core";
import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { messages } from "../lib/messages";

/** The message under the heading: "404 Not Found" for a route answer, else the error's own message. */
export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "Unknown error";
}

export function ErrorScreen() {
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <PageTitle title={messages.unexpectedApplicationError} />
        <Code block data-testid="route-error-message">
          {routeErrorMessage(error)}
        </Code>
        <Anchor component={Link} to="/">
          Back to the shop
        </Anchor>
      </Stack>
    </Container>
  );
}
