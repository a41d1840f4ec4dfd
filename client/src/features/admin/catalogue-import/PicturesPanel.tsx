// The zip of pictures sent with the file, under the zip's name: its stage and then how many pictures were stored
// and refused (in a polite live region, said once per stage), the bar of the storing (moving while the server
// stores, full once stored, where it stopped otherwise), and the refused pictures. It comes before the file's own
// panel: the file is sent once the pictures are stored. Why a zip failed is said at the zip field, not here.
import { Paper, Progress, Stack, Text, Title } from "@mantine/core";
import type { Ref } from "react";
import type { PictureSetView } from "./importApi";
import { isStoring, percentDone, picturesProgressText, picturesStageText, picturesText, refusedPictures, STORING_PICTURES } from "./importText";
import { RefusedPicturesTable } from "./RefusalsTable";

const HEADING_ID = "catalogue-import-pictures-heading";

export interface PicturesPanelProps {
  /** The zip's name: the set's, or the chosen zip's while it is on its way. */
  fileName: string;
  /** Undefined while the zip is on its way. */
  set: PictureSetView | undefined;
  /** The panel's heading, which takes focus when the server took the zip. */
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * "Storing pictures: 3 of 12" over its bar while the server stores them ("Pictures looked at: 12 of 12" once it
 * stopped, for good or not); the bar is named Storing pictures, its value the percent done, its value text the pictures.
 */
function PicturesProgress({ set }: { set: PictureSetView }) {
  const moving = isStoring(set);
  const percent = percentDone(set.done, set.total);
  return (
    <Stack gap={6}>
      <Text size="sm">{picturesProgressText(set)}</Text>
      {/* The bar is the root, so it has the whole width to be seen and named by, whatever the value. */}
      <Progress.Root size="lg" role="progressbar" aria-label={STORING_PICTURES} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={picturesText(set.done, set.total)}>
        <Progress.Section value={percent} withAria={false} animated={moving} />
      </Progress.Root>
    </Stack>
  );
}

export function PicturesPanel({ fileName, set, headingRef }: PicturesPanelProps) {
  const stage = picturesStageText(set);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Title order={2} size="h4" id={HEADING_ID} ref={headingRef} tabIndex={-1} style={{ overflowWrap: "anywhere", outlineOffset: 4 }}>
          {fileName}
        </Title>
        <Stack gap={4} aria-live="polite">
          {stage && <Text fw={600}>{stage}</Text>}
        </Stack>
        {set && <PicturesProgress set={set} />}
        {set && set.refusals.length > 0 && <RefusedPicturesTable pictures={set.refusals} total={refusedPictures(set)} />}
      </Stack>
    </Paper>
  );
}
