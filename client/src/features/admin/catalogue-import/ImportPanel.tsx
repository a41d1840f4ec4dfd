// One import on the screen, under its file's name: who sent it and when, its stage and what it found or did (in a
// polite live region, said once per stage), the progress bar of the check or the application (moving while the
// server works, full once it is done, where it stopped otherwise), the refused rows, and the way on: apply the dry run, resume an import that stopped, apply or check again after a failure,
// import another file once it is done. Nothing here changes the shop: the screen's handlers do, through the hook.
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import type { Ref } from "react";
import { Link } from "react-router-dom";
import { formatDateTime } from "../../../lib/orders/invoice";
import type { ImportView } from "./importApi";
import { appliedSummary, changesAnything, isUnderWay, NOTHING_TO_APPLY, percentDone, plannedSummary, rowsText, stageText, wasChecked } from "./importText";
import { RefusedRowsTable } from "./RefusalsTable";

export const APPLY_LABEL = "Apply import";
export const RESUME_LABEL = "Resume import";
export const APPLY_AGAIN_LABEL = "Apply again";
export const CHECK_AGAIN_LABEL = "Try again";
export const ANOTHER_FILE_LABEL = "Import another file";

const HEADING_ID = "catalogue-import-heading";
const NOTHING_TO_APPLY_ID = "catalogue-import-nothing-to-apply";

export interface ImportPanelProps {
  /** The file's name: the import's, or the chosen file's while it is on its way. */
  fileName: string;
  /** Undefined while the file is on its way. */
  view: ImportView | undefined;
  applying: boolean;
  applyRefusal: string | null;
  /** The panel's heading, which takes focus when an import starts or moves on at the person's request. */
  headingRef: Ref<HTMLHeadingElement>;
  onApply: () => void;
  onCheckAgain: () => void;
  onStartOver: () => void;
}

const PHASES = {
  check: { name: "Checking the file", going: "Checking", gone: "Checked" },
  apply: { name: "Applying the import", going: "Applying", gone: "Applied" },
} as const;

/**
 * "Checking: 812 of 2,000 rows" over its bar while the server works ("Checked: ..." once it stopped, for good or
 * not); the bar is named by its phase, its value the percent done, its value text the rows.
 */
function ImportProgress({ view }: { view: ImportView }) {
  const phase = view.status === "applying" || view.status === "applied" || (view.status === "failed" && wasChecked(view)) ? "apply" : "check";
  const done = phase === "apply" ? view.appliedRows : view.checkedRows;
  const percent = percentDone(done, view.totalRows);
  const moving = isUnderWay(view);
  const { name, going, gone } = PHASES[phase];
  return (
    <Stack gap={6}>
      <Text size="sm">
        {moving ? going : gone}: {rowsText(done, view.totalRows)}
      </Text>
      {/* The bar is the root, so it has the whole width to be seen and named by, whatever the value. */}
      <Progress.Root size="lg" role="progressbar" aria-label={name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={rowsText(done, view.totalRows)}>
        <Progress.Section value={percent} withAria={false} animated={moving} />
      </Progress.Root>
    </Stack>
  );
}

/** What the stage's sentence goes on to say: the dry run's plan once checked, what was done once applied. */
function summaryOf(view: ImportView): string | undefined {
  if (view.status === "checked" && view.planned) return plannedSummary(view.planned);
  if (view.status === "applied" && view.applied) return appliedSummary(view.applied);
  return undefined;
}

/** Stopped part way (the process working on it ended): an application resumes; a check starts again. */
function StalledAlert({ view, applying, onApply, onCheckAgain }: { view: ImportView; applying: boolean; onApply: () => void; onCheckAgain: () => void }) {
  if (view.status === "applying") {
    return (
      <Alert color="yellow" title="The import stopped before the end">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{rowsText(view.appliedRows, view.totalRows)} were applied. Resuming goes on from there.</Text>
          <Button onClick={onApply} loading={applying}>
            {RESUME_LABEL}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" title="The check stopped before the end">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{rowsText(view.checkedRows, view.totalRows)} were checked. Nothing in the shop has changed: check the file again.</Text>
        <Button onClick={onCheckAgain}>{CHECK_AGAIN_LABEL}</Button>
      </Stack>
    </Alert>
  );
}

/** Failed: the server's words; a failed application is applied again (it resumes), a failed check is tried again. */
function FailedAlert({ view, applying, onApply, onCheckAgain }: { view: ImportView; applying: boolean; onApply: () => void; onCheckAgain: () => void }) {
  const application = wasChecked(view);
  return (
    <Alert color="red" title={application ? "The import failed" : "The check failed"}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{view.error ?? "The server gave no reason."}</Text>
        {application && view.applied && <Text size="sm">So far: {appliedSummary(view.applied)}</Text>}
        {application ? (
          <Button onClick={onApply} loading={applying}>
            {APPLY_AGAIN_LABEL}
          </Button>
        ) : (
          <Button onClick={onCheckAgain}>{CHECK_AGAIN_LABEL}</Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The dry run is done: apply it, unless it would change nothing (the button then says why it is off). */
function ApplyAction({ view, applying, applyRefusal, onApply }: { view: ImportView; applying: boolean; applyRefusal: string | null; onApply: () => void }) {
  const changes = view.planned !== null && changesAnything(view.planned);
  return (
    <Stack gap={6} align="flex-start">
      <Button onClick={onApply} loading={applying} disabled={!changes} aria-describedby={changes ? undefined : NOTHING_TO_APPLY_ID}>
        {APPLY_LABEL}
      </Button>
      {!changes && (
        <Text size="sm" id={NOTHING_TO_APPLY_ID}>
          {NOTHING_TO_APPLY}
        </Text>
      )}
      {applyRefusal && (
        <Text size="sm" c="red">
          {applyRefusal}
        </Text>
      )}
    </Stack>
  );
}

function ImportBody({ view, applying, applyRefusal, onApply, onCheckAgain, onStartOver }: Omit<ImportPanelProps, "fileName" | "headingRef"> & { view: ImportView }) {
  const stopped = view.stalled && (view.status === "checking" || view.status === "applying");
  const refusals = view.status === "checked" ? { rows: view.plannedRefusals, total: Math.max(view.refusedRows, view.plannedRefusals.length) } : { rows: view.appliedRefusals, total: view.appliedRefusals.length };
  return (
    <>
      <ImportProgress view={view} />
      {stopped && <StalledAlert view={view} applying={applying} onApply={onApply} onCheckAgain={onCheckAgain} />}
      {view.status === "failed" && <FailedAlert view={view} applying={applying} onApply={onApply} onCheckAgain={onCheckAgain} />}
      {refusals.rows.length > 0 && <RefusedRowsTable rows={refusals.rows} total={refusals.total} />}
      {view.status === "checked" && <ApplyAction view={view} applying={applying} applyRefusal={applyRefusal} onApply={onApply} />}
      {view.status === "applied" && (
        <Group gap="md">
          <Button variant="default" onClick={onStartOver}>
            {ANOTHER_FILE_LABEL}
          </Button>
          <Anchor component={Link} to="/admin/manage-product">
            See the products
          </Anchor>
        </Group>
      )}
    </>
  );
}

export function ImportPanel({ fileName, view, headingRef, ...actions }: ImportPanelProps) {
  const stage = view ? stageText(view) : "Sending the file…";
  const summary = view && summaryOf(view);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={HEADING_ID} ref={headingRef} tabIndex={-1} style={{ overflowWrap: "anywhere", outlineOffset: 4 }}>
            {fileName}
          </Title>
          {view && (
            <Text size="sm" c="dimmed">
              Sent by {view.createdBy} on <time dateTime={view.createdAt}>{formatDateTime(view.createdAt)}</time>
            </Text>
          )}
        </Stack>
        <Stack gap={4} aria-live="polite">
          {stage && <Text fw={600}>{stage}</Text>}
          {summary && <Text>{summary}</Text>}
        </Stack>
        {view && <ImportBody view={view} {...actions} />}
      </Stack>
    </Paper>
  );
}
