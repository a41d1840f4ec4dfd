// The emails the shop wrote to a user, on the admin's user detail: subject, time and delivery
// state, newest first, a page at a time. While one is still on its way the list asks again every few
// seconds, so a retry's outcome shows without reloading.
import { useQuery } from "@apollo/client/react";
import { Badge, Table, Text } from "@mantine/core";
import { useEffect } from "react";
import { LoadMore } from "../../../components/LoadMore";
import { AdminUserEmailsDocument, type EmailState } from "../../../graphql/generated/graphql";
import { ADMIN_PAGE_SIZE, nextPageVariables, nodesOf } from "../../../lib/apollo/pages";
import { formatDateTime } from "../../../lib/orders/invoice";
import { AdminSection, AdminTable } from "../AdminParts";

/** How each delivery state reads on the admin screen. */
export const EMAIL_STATE_TEXT: Record<EmailState, string> = { PENDING: "Waiting to be sent", SENT: "Sent", FAILED: "Not sent" };
const EMAIL_STATE_COLOR: Record<EmailState, string> = { PENDING: "yellow", SENT: "green", FAILED: "red" };
const REFRESH_WHILE_PENDING_MS = 5000;

export function UserEmails({ userId }: { userId: number }) {
  const { data, loading, error, fetchMore, startPolling, stopPolling } = useQuery(AdminUserEmailsDocument, {
    variables: { id: userId, first: ADMIN_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const page = data?.user.emails;
  const emails = page ? nodesOf(page) : [];
  const waiting = emails.some((email) => email.state === "PENDING");
  useEffect(() => {
    if (!waiting) return;
    startPolling(REFRESH_WHILE_PENDING_MS);
    return () => stopPolling();
  }, [waiting, startPolling, stopPolling]);

  return (
    <AdminSection id="user-emails" title="Emails">
      {!page ? (
        <Text c="dimmed" role="status">
          {loading ? "Loading the emails…" : error ? "The emails could not be loaded." : "No emails yet."}
        </Text>
      ) : emails.length === 0 ? (
        <Text c="dimmed">No emails yet.</Text>
      ) : (
        <>
          <AdminTable spacing="xs" minWidth={560} columns={["Subject", "Time", "Delivery"]}>
            {emails.map((email) => (
              <Table.Tr key={email.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {email.subject}
                  </Text>
                  <Text size="xs" c="dimmed">
                    To {email.recipient}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Text size="sm">{formatDateTime(email.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={EMAIL_STATE_COLOR[email.state]} variant="light" style={{ minWidth: "max-content" }}>
                    {EMAIL_STATE_TEXT[email.state]}
                  </Badge>
                  {email.state === "SENT" && email.sentAt && (
                    <Text size="xs" c="dimmed">
                      {formatDateTime(email.sentAt)}
                    </Text>
                  )}
                  {email.state !== "SENT" && email.lastError && (
                    <Text size="xs" c="dimmed">
                      {email.attempts} attempt{email.attempts === 1 ? "" : "s"}: {email.lastError}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
          <LoadMore page={page} noun="emails" onLoadMore={() => fetchMore({ variables: nextPageVariables(page) })} />
        </>
      )}
    </AdminSection>
  );
}
