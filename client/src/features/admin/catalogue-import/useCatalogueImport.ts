// The import shown on the screen and what can be done with it: send a file for its dry run, apply the checked
// import (or resume it), start over. While the server works on it the screen asks for it again every second; a
// reload finds the latest import again while it is not over, so leaving the page loses nothing.
import { useCallback, useEffect, useRef, useState } from "react";
import { messages } from "../../../lib/messages";
import { notifyError } from "../../../lib/notify";
import { applyImport, ImportRefused, latestImports, readImport, sendCatalogueFile, type ImportView } from "./importApi";
import { CHOOSE_A_FILE, isOpen, isUnderWay } from "./importText";

/** How often an import under way is asked for again. */
export const IMPORT_POLL_MS = 1000;

const wordsOf = (failure: unknown) => (failure instanceof ImportRefused ? failure.message : messages.genericFailure);

export interface CatalogueImport {
  /** The import shown: the one just sent, or the latest still open when the screen opened. */
  view: ImportView | null;
  /** The file on its way to the server, if one is. */
  sending: File | null;
  /** The request to apply is on its way. */
  applying: boolean;
  /** Why the file was not taken (the server's words about the file), shown at the file field. */
  fileFaults: string[];
  /** Why applying was refused (e.g. it is still being checked), shown beside the button. */
  applyRefusal: string | null;
  /** Sends the file for its dry run; true when the server took it. */
  check: (file: File | null) => Promise<boolean>;
  /** Applies the import shown, or resumes it; true when the server started. */
  apply: () => Promise<boolean>;
  /** Back to choosing a file (the import itself stays on the server). */
  startOver: () => void;
}

export function useCatalogueImport(): CatalogueImport {
  const [view, setView] = useState<ImportView | null>(null);
  const [sending, setSending] = useState<File | null>(null);
  const [applying, setApplying] = useState(false);
  const [fileFaults, setFileFaults] = useState<string[]>([]);
  const [applyRefusal, setApplyRefusal] = useState<string | null>(null);
  // Bumped when a poll failed on the way (the network): the next one is tried a second later all the same.
  const [missedPolls, setMissedPolls] = useState(0);
  // A file sent before the latest imports came wins over what the list says.
  const sentOne = useRef(false);

  useEffect(() => {
    let left = false;
    latestImports().then(
      (imports) => {
        const latest = imports[0];
        if (!left && !sentOne.current && latest && isOpen(latest)) setView(latest);
      },
      (failure: unknown) => console.error("Could not load the latest catalogue imports", failure),
    );
    return () => {
      left = true;
    };
  }, []);

  useEffect(() => {
    if (!view || !isUnderWay(view)) return;
    let left = false;
    const timer = setTimeout(() => {
      readImport(view.id).then(
        (next) => {
          if (!left) setView((shown) => (shown?.id === next.id ? next : shown));
        },
        (failure: unknown) => {
          if (left) return;
          if (failure instanceof ImportRefused) {
            // Gone (404) or no longer allowed (401, 403): asking again would get the same answer.
            notifyError(failure.message);
            setView(null);
          } else {
            setMissedPolls((count) => count + 1);
          }
        },
      );
    }, IMPORT_POLL_MS);
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, [view, missedPolls]);

  const check = useCallback(async (file: File | null) => {
    setApplyRefusal(null);
    if (!file) {
      setFileFaults([CHOOSE_A_FILE]);
      return false;
    }
    setFileFaults([]);
    sentOne.current = true;
    // The import shown makes way for the new file's (the server keeps it).
    setView(null);
    setSending(file);
    try {
      setView(await sendCatalogueFile(file));
      return true;
    } catch (failure) {
      const message = wordsOf(failure);
      // The file's own faults at the field when the server listed them, else its message there too.
      const faults = failure instanceof ImportRefused && failure.fileFaults.length > 0 ? failure.fileFaults : [message];
      setFileFaults(faults);
      notifyError(message);
      return false;
    } finally {
      setSending(null);
    }
  }, []);

  const apply = useCallback(async () => {
    if (!view) return false;
    setApplyRefusal(null);
    setApplying(true);
    try {
      setView(await applyImport(view.id));
      return true;
    } catch (failure) {
      const message = wordsOf(failure);
      setApplyRefusal(message);
      notifyError(message);
      // Refused because it moved on (being applied, applied already): show where it stands now.
      if (failure instanceof ImportRefused && failure.status === 409) {
        readImport(view.id).then(
          (next) => setView((shown) => (shown?.id === next.id ? next : shown)),
          () => undefined,
        );
      }
      return false;
    } finally {
      setApplying(false);
    }
  }, [view]);

  const startOver = useCallback(() => {
    setView(null);
    setFileFaults([]);
    setApplyRefusal(null);
  }, []);

  return { view, sending, applying, fileFaults, applyRefusal, check, apply, startOver };
}
