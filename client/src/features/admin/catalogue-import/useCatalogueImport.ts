// The import shown on the screen and what can be done with it: send a file for its dry run (after the zip of
// pictures its rows may name, when one is chosen: usePictureZip), apply the checked import (or resume it), start
// over. While the server works on it the screen asks for it again every second; a reload finds the latest import
// again while it is not over, so leaving the page loses nothing.
import { useCallback, useEffect, useRef, useState } from "react";
import { messages } from "../../../lib/messages";
import { notifyError } from "../../../lib/notify";
import { applyImport, ImportRefused, latestImports, readImport, sendCatalogueFile, type ImportView, type PictureSetView } from "./importApi";
import { CHOOSE_A_FILE, isOpen, isUnderWay } from "./importText";
import { usePictureZip } from "./usePictureZip";

/** How often an import under way is asked for again. */
export const IMPORT_POLL_MS = 1000;

const wordsOf = (failure: unknown) => (failure instanceof ImportRefused ? failure.message : messages.genericFailure);

/** How a check went: the file was taken (its dry run started), or the file or the zip was refused (and why is said at its field). */
export type CheckOutcome = "sent" | "file refused" | "zip refused";

export interface CatalogueImport {
  /** The import shown: the one just sent, or the latest still open when the screen opened. */
  view: ImportView | null;
  /** The file on its way to the server, if one is. */
  sending: File | null;
  /** The request to apply is on its way. */
  applying: boolean;
  /** Why the file was not taken (the server's words about the file), shown at the file field. */
  fileFaults: string[];
  /** The zip of pictures sent with the file, as the server stores it (none without a zip). */
  pictures: PictureSetView | null;
  /** The zip on its way to the server, if one is. */
  sendingPictures: File | null;
  /** Why the zip's pictures cannot be used (the server's words about the zip), shown at the zip field. */
  pictureFaults: string[];
  /** Why applying was refused (e.g. it is still being checked), shown beside the button. */
  applyRefusal: string | null;
  /**
   * Sends the file for its dry run. With a zip, the zip goes first (onPicturesTaken once the server took it) and
   * the file only once its pictures are stored, so the rows may name them.
   */
  check: (file: File | null, zip?: File | null, onPicturesTaken?: () => void) => Promise<CheckOutcome>;
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
  const { set: pictures, sending: sendingPictures, faults: pictureFaults, store: storePictures, forget: forgetPictures } = usePictureZip();
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

  const check = useCallback(
    async (file: File | null, zip: File | null = null, onPicturesTaken?: () => void): Promise<CheckOutcome> => {
      setApplyRefusal(null);
      if (!file) {
        setFileFaults([CHOOSE_A_FILE]);
        return "file refused";
      }
      setFileFaults([]);
      sentOne.current = true;
      // The import shown makes way for the new file's (the server keeps it).
      setView(null);
      // The file's rows may name the zip's pictures once they are stored; without a zip, the one shown before goes.
      let pictureSetId: number | undefined;
      if (zip) {
        const stored = await storePictures(zip, onPicturesTaken);
        if (!stored) return "zip refused";
        pictureSetId = stored.id;
      } else {
        forgetPictures();
      }
      setSending(file);
      try {
        setView(await sendCatalogueFile(file, pictureSetId));
        return "sent";
      } catch (failure) {
        const message = wordsOf(failure);
        // The file's own faults at the field when the server listed them, else its message there too.
        const faults = failure instanceof ImportRefused && failure.fileFaults.length > 0 ? failure.fileFaults : [message];
        setFileFaults(faults);
        notifyError(message);
        return "file refused";
      } finally {
        setSending(null);
      }
    },
    [storePictures, forgetPictures],
  );

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
    forgetPictures();
  }, [forgetPictures]);

  return { view, sending, applying, fileFaults, pictures, sendingPictures, pictureFaults, applyRefusal, check, apply, startOver };
}
