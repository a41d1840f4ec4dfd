// 'Export CSV' on the products screen: downloads the whole catalogue as CSV (one row per variant, the columns
// of docs/api.md) from GET /public/api/admin/catalogue.csv with the signed-in token, and saves it under the
// name the server gives (verdant-catalogue-YYYY-MM-DD.csv). Busy while the file comes; a refusal or failure
// shows the server's words (else the generic failure). Only for those who may read the catalogue (catalogue:read).
import { Button } from "@mantine/core";
import { useState } from "react";
import { downloadFile } from "../../../lib/downloadFile";
import { messages } from "../../../lib/messages";
import { notifyError } from "../../../lib/notify";
import { refusalOf, withToken } from "../adminRest";
import { useCan } from "../AdminParts";

export const CATALOGUE_CSV_URL = "/public/api/admin/catalogue.csv";
export const EXPORT_CSV_LABEL = "Export CSV";

/** The name the server gave the file (Content-Disposition), else verdant-catalogue-<today>.csv. */
export function catalogueFileName(disposition: string | null, today = new Date()): string {
  const named = disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  return named ?? `verdant-catalogue-${today.toISOString().slice(0, 10)}.csv`;
}

export function ExportCatalogueButton() {
  const mayRead = useCan("catalogue:read");
  const [exporting, setExporting] = useState(false);
  if (!mayRead) return null;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const answer = await fetch(CATALOGUE_CSV_URL, { headers: withToken() });
      if (!answer.ok) {
        notifyError((await refusalOf(answer)).message);
        return;
      }
      downloadFile(await answer.blob(), catalogueFileName(answer.headers.get("content-disposition")));
    } catch {
      notifyError(messages.genericFailure);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
      {EXPORT_CSV_LABEL}
    </Button>
  );
}
