// Import products (/admin/catalogue-import, catalogue:write): the catalogue changed in bulk from a CSV file of
// Export CSV's columns. The file is checked first (a dry run on the server: nothing changes, the screen shows
// its progress, then what it would create, update and leave, and the rows it refuses), and only applied when
// the person asks; the application's progress, then what it did. The server's words when it refuses the file
// are said at the file field (and as a notification, as Export CSV does). A zip of pictures may go with the file:
// sent first, its storing followed and its refused pictures listed, then the file, whose rows may name its pictures
// by file name; a zip refused, or whose storing failed, is said at the zip field and the file is not sent. The
// import itself: useCatalogueImport.
import { Anchor, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { Link } from "react-router-dom";
import { PageTitle } from "../../../components/PageTitle";
import { AdminSection } from "../AdminParts";
import { ExportCatalogueButton } from "../products/ExportCatalogueButton";
import { ImportPanel } from "./ImportPanel";
import { IMPORT_TITLE, isStoring, isUnderWay } from "./importText";
import { PicturesPanel } from "./PicturesPanel";
import { useCatalogueImport } from "./useCatalogueImport";

export const FILE_LABEL = "CSV file";
export const ZIP_LABEL = "Pictures (zip, optional)";
export const ZIP_DESCRIPTION =
  "Rows may name a picture of the zip by its file name (monstera.jpg): JPEG, PNG, WebP or GIF, 5 MB each. Pictures already in the shop are named by their /uploads/ address.";
export const CHECK_LABEL = "Check file";

/** What the file must be, in the few rules the person needs before choosing one. */
function FileRules() {
  const rules = [
    "The columns are those of Export CSV: export the catalogue, change it in a spreadsheet, and import it back.",
    "Each row is one variant, and a product's rows must be together, one after the other. A variant the file leaves out of its product is removed.",
    "Products are matched by product_slug (without one, by their rows' sku), variants by sku; a product the shop does not have is created.",
    "Categories and tax classes must already be in the shop. Pictures too, by their refs as the export writes them (/uploads/...), or come in a zip sent with the file, named by their file name.",
    "Checking the file changes nothing: it shows what applying would do. Importing the same file twice changes nothing the second time.",
  ];
  return (
    <AdminSection id="catalogue-import-rules" title="The file">
      <Stack component="ul" gap={4} m={0} pl="md">
        {rules.map((rule) => (
          <Text component="li" size="sm" key={rule}>
            {rule}
          </Text>
        ))}
      </Stack>
      <Group gap="md">
        <ExportCatalogueButton />
        <Anchor component={Link} to="/admin/manage-product" size="sm">
          Back to Manage products
        </Anchor>
      </Group>
    </AdminSection>
  );
}

export function CatalogueImportScreen() {
  const catalogueImport = useCatalogueImport();
  const { view, sending, fileFaults, pictures, sendingPictures, pictureFaults } = catalogueImport;
  const [file, setFile] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const fileField = useRef<HTMLButtonElement>(null);
  const zipField = useRef<HTMLButtonElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const picturesHeading = useRef<HTMLHeadingElement>(null);
  // One file at a time: while the server works on one (or on its zip's pictures), another waits.
  const busy = (view !== null && isUnderWay(view)) || sendingPictures !== null || (pictures !== null && isStoring(pictures));

  // Where the place goes once the screen has drawn what the check changed (a field enabled again, a panel shown).
  const [placeNext, setPlaceNext] = useState<{ at: RefObject<HTMLElement | null> } | null>(null);
  useEffect(() => {
    placeNext?.at.current?.focus();
  }, [placeNext]);

  // The place follows the work: the zip's panel once the server took it, the file's once its dry run started,
  // else the field of what was refused.
  const check = async () => {
    const outcome = await catalogueImport.check(file, zip, () => setPlaceNext({ at: picturesHeading }));
    setPlaceNext({ at: outcome === "sent" ? panelHeading : outcome === "zip refused" ? zipField : fileField });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check();
  };
  // The buttons that start the server working go away once it does: the panel's heading keeps the place.
  const apply = async () => {
    if (await catalogueImport.apply()) panelHeading.current?.focus();
  };
  const startOver = () => {
    catalogueImport.startOver();
    setFile(null);
    setZip(null);
    fileField.current?.focus();
  };
  // Checked again from the file (and zip) chosen here; after a reload the screen has none, so the person chooses it again.
  const checkAgain = () => (file ? void check() : startOver());

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={2}>
        <PageTitle title={IMPORT_TITLE} />
        <Text c="dimmed" size="sm">
          Create and update products in bulk from a CSV file.
        </Text>
      </Stack>
      <FileRules />
      <Paper withBorder radius="md" p="md" component="form" aria-label="Check a CSV file" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <FileInput
              ref={fileField}
              label={FILE_LABEL}
              description={busy ? "Another file can be sent once this one is done." : "A .csv file of at most 100 MB."}
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              clearable
              clearButtonProps={{ "aria-label": "Clear the chosen file" }}
              error={fileFaults.length > 0 ? <FileFaults faults={fileFaults} /> : undefined}
              disabled={busy}
            />
            <FileInput
              ref={zipField}
              label={ZIP_LABEL}
              description={ZIP_DESCRIPTION}
              accept=".zip,application/zip"
              value={zip}
              onChange={setZip}
              clearable
              clearButtonProps={{ "aria-label": "Clear the chosen zip" }}
              error={pictureFaults.length > 0 ? <FileFaults faults={pictureFaults} /> : undefined}
              disabled={busy}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={sending !== null || sendingPictures !== null} disabled={busy}>
              {CHECK_LABEL}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {(sendingPictures || pictures) && <PicturesPanel fileName={sendingPictures?.name ?? pictures?.fileName ?? ""} set={sendingPictures ? undefined : (pictures ?? undefined)} headingRef={picturesHeading} />}
      {(sending || view) && (
        <ImportPanel
          fileName={sending?.name ?? view?.fileName ?? ""}
          view={sending ? undefined : (view ?? undefined)}
          applying={catalogueImport.applying}
          applyRefusal={catalogueImport.applyRefusal}
          headingRef={panelHeading}
          onApply={() => void apply()}
          onCheckAgain={checkAgain}
          onStartOver={startOver}
        />
      )}
    </Stack>
  );
}

/** The server's faults with the file (or the zip), one a line (a file may have several). */
function FileFaults({ faults }: { faults: readonly string[] }) {
  if (faults.length === 1) return faults[0];
  return (
    <Stack component="span" gap={2}>
      {faults.map((fault) => (
        <span key={fault}>{fault}</span>
      ))}
    </Stack>
  );
}
