// Promotions: every promotion, newest first, as a table: its name, what it takes off in words, how shoppers
// get it (its code, or Automatic), its status as a badge with text, its uses against its limit and the dates
// it runs between; per row Edit, Pause or Resume, and Delete (asked first). 'New promotion' opens the editor.
// A staff role without catalogue:write reads the table without New promotion and the row actions.
import { useQuery } from "@apollo/client/react";
import { Badge, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../../components/EmptyState";
import { LoadingView } from "../../../components/LoadingView";
import { PageTitle } from "../../../components/PageTitle";
import { type AdminPromotionFieldsFragment, type PromotionStatus } from "../../../graphql/generated/graphql";
import { AdminPromotionsDocument } from "./operations";
import { messages } from "../../../lib/messages";
import { reportChange } from "../../../lib/notify";
import { notifyServerFailure } from "../adminFeedback";
import { AdminTable, countLabel, figureColumn, LoadFailure, useCan, useNotifyLoadFailure } from "../AdminParts";
import { codeText, datesText, kindText, singleUseCodeCount, singleUseCodes, STATUS_COLOR, STATUS_TEXT, usesText } from "./promotionText";
import { useDeletePromotion, useSetPromotionPaused } from "./usePromotionChanges";

export const PROMOTIONS_PATH = "/admin/promotions";
export const NEW_PROMOTION_PATH = "/admin/promotions/new";
export const promotionPath = (id: number) => `/admin/promotions/${id}`;
export const NO_PROMOTIONS = "No promotions yet.";

type ListedPromotion = AdminPromotionFieldsFragment;

export function PromotionStatusBadge({ status }: { status: PromotionStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ minWidth: "max-content" }}>
      {STATUS_TEXT[status]}
    </Badge>
  );
}

const READ_COLUMNS = ["Name", "Discount", "Code", "Status", figureColumn("Uses"), "Runs"];
const COLUMNS = [...READ_COLUMNS, <VisuallyHidden>Actions</VisuallyHidden>];

export function PromotionsScreen() {
  const { data, loading, error, refetch } = useQuery(AdminPromotionsDocument, { fetchPolicy: "cache-and-network" });
  useNotifyLoadFailure(error);
  const [deleting, setDeleting] = useState<ListedPromotion | null>(null);
  const promotions = data?.promotions;
  const mayChange = useCan("catalogue:write");

  let body;
  if (!promotions) {
    body = error && !loading ? <LoadFailure what="the promotions" onRetry={() => void refetch()} /> : <LoadingView label="Loading promotions" />;
  } else if (promotions.length === 0) {
    body = (
      <EmptyState
        title={NO_PROMOTIONS}
        description="A promotion takes money off carts: by itself, or when the shopper enters its code."
        link={mayChange ? { to: NEW_PROMOTION_PATH, label: "Make the first one" } : undefined}
      />
    );
  } else {
    body = (
      <AdminTable framed label="Promotions" minWidth={mayChange ? 980 : 800} columns={mayChange ? COLUMNS : READ_COLUMNS}>
        {promotions.map((promotion) => (
          <PromotionRow key={promotion.id} promotion={promotion} onDelete={mayChange ? () => setDeleting(promotion) : undefined} />
        ))}
      </AdminTable>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <PageTitle title="Promotions" />
          {promotions && (
            <Text c="dimmed" size="sm" data-testid="list-count">
              {countLabel("promotions", promotions.length)}
            </Text>
          )}
        </Stack>
        {mayChange && (
          <Button component={Link} to={NEW_PROMOTION_PATH}>
            New promotion
          </Button>
        )}
      </Group>
      {body}
      <DeletePromotionDialog promotion={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** A promotion's row; without onDelete (a staff role that may not change the catalogue), no Edit, Pause or Delete. */
function PromotionRow({ promotion, onDelete }: { promotion: ListedPromotion; onDelete?: () => void }) {
  const [setPaused, { loading: pausing }] = useSetPromotionPaused();
  const extraCodes = promotion.code ? singleUseCodeCount(promotion) : 0;
  const togglePause = () =>
    reportChange(
      setPaused({ variables: { id: promotion.id, paused: !promotion.paused } }),
      (answer) => `${promotion.name} ${answer.setPromotionPaused.paused ? "paused" : "resumed"}.`,
      (failure) => notifyServerFailure(failure),
    );
  return (
    <Table.Tr aria-label={promotion.name}>
      <Table.Td fw={600}>{promotion.name}</Table.Td>
      <Table.Td>{kindText(promotion)}</Table.Td>
      <Table.Td>
        <Text size="sm" ff={promotion.code ? "monospace" : undefined} c={promotion.automatic || promotion.code ? undefined : "dimmed"}>
          {codeText(promotion)}
        </Text>
        {extraCodes > 0 && (
          <Text size="xs" c="dimmed">
            and {singleUseCodes(extraCodes)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <PromotionStatusBadge status={promotion.status} />
      </Table.Td>
      <Table.Td ta="right">{usesText(promotion)}</Table.Td>
      <Table.Td>
        <Text size="sm">{datesText(promotion)}</Text>
      </Table.Td>
      {onDelete && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button component={Link} to={promotionPath(promotion.id)} size="xs" variant="light" aria-label={`Edit ${promotion.name}`}>
              Edit
            </Button>
            <Button size="xs" variant="default" loading={pausing} onClick={() => void togglePause()} aria-label={`${promotion.paused ? "Resume" : "Pause"} ${promotion.name}`}>
              {promotion.paused ? "Resume" : "Pause"}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={onDelete} aria-label={`Delete ${promotion.name}`}>
              Delete
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** Asks before deleting: orders that got the promotion keep its name and amount. */
function DeletePromotionDialog({ promotion, onClose }: { promotion: ListedPromotion | null; onClose: () => void }) {
  const [deletePromotion, { loading }] = useDeletePromotion();
  const confirm = async () => {
    if (!promotion) return;
    await reportChange(
      deletePromotion({ variables: { id: promotion.id } }),
      (answer) => answer.deletePromotion.message,
      (failure) => notifyServerFailure(failure, messages.deleteFailedFallback),
    );
    onClose();
  };
  return (
    <Modal opened={promotion !== null} onClose={onClose} title={`Delete ${promotion?.name ?? "the promotion"}?`}>
      <Stack>
        <Text size="sm">Carts stop getting it at once, and its codes stop working. Orders that got it keep its name and amount. This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            Delete promotion
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
