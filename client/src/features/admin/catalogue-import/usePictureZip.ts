// The zip of pictures sent with a catalogue file: sent first, then asked for again every second while the server
// stores its pictures; the file goes on only once they are stored. A zip the server refuses, or whose storing
// failed or stopped, is said at the zip field (the server's words, and in a notification) and the file waits.
// The same zip checked again (Try again) is not sent again: its pictures are stored already.
import { useCallback, useEffect, useRef, useState } from "react";
import { messages } from "../../../lib/messages";
import { notifyError } from "../../../lib/notify";
import { ImportRefused, readPictureSet, sendPictureZip, type PictureSetView } from "./importApi";
import { isStoring, picturesFailure } from "./importText";

/** How often a zip whose pictures are being stored is asked for again. */
export const PICTURES_POLL_MS = 1000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface PictureZip {
  /** The zip's pictures as the server stores them: the zip sent last. */
  set: PictureSetView | null;
  /** The zip on its way to the server, if one is. */
  sending: File | null;
  /** Why the zip's pictures cannot be used (the server's words about the zip), shown at the zip field. */
  faults: string[];
  /** Sends the zip (onTaken once the server took it) and waits for its pictures: the set once stored, else null. */
  store: (zip: File, onTaken?: () => void) => Promise<PictureSetView | null>;
  /** No zip shown any more (none chosen, or starting over); a zip on its way is no longer waited for. */
  forget: () => void;
}

export function usePictureZip(): PictureZip {
  const [set, setSet] = useState<PictureSetView | null>(null);
  const [sending, setSending] = useState<File | null>(null);
  const [faults, setFaults] = useState<string[]>([]);
  // Each zip sent is a new run; a run that is no longer the latest (forgotten, the screen left) stops waiting.
  const runs = useRef(0);
  // The zip whose pictures were stored last, and its set: checked again, it is not sent again.
  const stored = useRef<{ zip: File; set: PictureSetView } | null>(null);

  useEffect(
    () => () => {
      runs.current += 1;
    },
    [],
  );

  const store = useCallback(async (zip: File, onTaken?: () => void) => {
    runs.current += 1;
    const run = runs.current;
    const latest = () => runs.current === run;
    const refuse = (message: string, zipFaults: string[] = [message]) => {
      setFaults(zipFaults);
      notifyError(message);
    };
    setFaults([]);
    if (stored.current?.zip === zip) {
      setSet(stored.current.set);
      return stored.current.set;
    }
    stored.current = null;
    setSet(null);
    setSending(zip);
    let next: PictureSetView;
    try {
      next = await sendPictureZip(zip);
    } catch (failure) {
      if (!latest()) return null;
      // The zip's own faults at the field when the server listed them, else its message there too.
      const message = failure instanceof ImportRefused ? failure.message : messages.genericFailure;
      refuse(message, failure instanceof ImportRefused && failure.fileFaults.length > 0 ? failure.fileFaults : [message]);
      return null;
    } finally {
      if (latest()) setSending(null);
    }
    if (!latest()) return null;
    setSet(next);
    onTaken?.();
    while (isStoring(next)) {
      await pause(PICTURES_POLL_MS);
      if (!latest()) return null;
      try {
        next = await readPictureSet(next.id);
      } catch (failure) {
        if (!latest()) return null;
        // Gone (404) or no longer allowed (401, 403): asking again would get the same answer. The network: a
        // second later all the same.
        if (failure instanceof ImportRefused) {
          refuse(failure.message);
          return null;
        }
        continue;
      }
      if (!latest()) return null;
      setSet(next);
    }
    if (next.status !== "stored") {
      refuse(picturesFailure(next));
      return null;
    }
    stored.current = { zip, set: next };
    return next;
  }, []);

  const forget = useCallback(() => {
    runs.current += 1;
    setSet(null);
    setSending(null);
    setFaults([]);
  }, []);

  return { set, sending, faults, store, forget };
}
