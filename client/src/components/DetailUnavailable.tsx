// What a detail page (an order, a user, a product, an entry to edit) shows while its subject is not there:
// a spinner while it loads, else why it could not be shown, in the server's words, and the way back.
import { serverMessage } from "../lib/apollo/errors";
import { EmptyState } from "./EmptyState";
import { LoadingView } from "./LoadingView";

export interface DetailUnavailableProps {
  loading: boolean;
  /** The spinner's name for screen readers, e.g. "Loading the order". */
  loadingLabel: string;
  /** e.g. "We could not find this order." */
  title: string;
  error: unknown;
  back?: { to: string; label: string };
}

export function DetailUnavailable({ loading, loadingLabel, title, error, back }: DetailUnavailableProps) {
  if (loading) return <LoadingView label={loadingLabel} />;
  return <EmptyState title={title} description={error ? serverMessage(error) : undefined} link={back} />;
}
