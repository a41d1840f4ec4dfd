// Import products (/admin/catalogue-import, catalogue:write): the catalogue changed in bulk from a CSV file of
// Export CSV's columns. The file is checked first (a dry run on the server: nothing changes, the screen shows
// its progress, then what it would create, update and leave, and the rows it refuses), and only applied when
// the person asks; the application's progress, then what it did. The server's words when it refuses the file
// are said at the file field (and as a notification, as Export CSV does). The import itself: useCatalogueImport.
import { Anchor, Button, FileInput, Group, Paper, Stack, Text } from "@mantine/core";
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { PageTitle } from "../../../components/PageTitle";
import { AdminSection } from "../AdminParts";
import { ExportCatalogueButton } from "../products/ExportCatalogueButton";
import { ImportPanel } from "./ImportPanel";
import { IMPORT_TITLE, isUnderWay } from "./importText";
import { useCatalogueImport } from "./useCatalogueImport";

export const FILE_LABEL = "CSV file";
export const CHECK_LABEL = "Check file";

/** What the file must be, in the few rules the person needs before choosing one. */
function FileRules() {
  const rules = [
    "The columns are those of Export CSV: export the catalogue, change it in a spreadsheet, and import it back.",
    "Each row is one variant, and a product's rows must be together, one after the other. A variant the file leaves out of its product is removed.",
    "Products are matched by product_slug (without one, by their rows' sku), variants by sku; a product the shop does not have is created.",
    "Categories, tax classes and pictures must already be in the shop: pictures by their refs as the export writes them (/uploads/...).",
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
  const { view, sending, fileFaults } = catalogueImport;
  const [file, setFile] = useState<File | null>(null);
  const fileField = useRef<HTMLButtonElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  // One file at a time: while the server works on one, another waits.
  const busy = view !== null && isUnderWay(view);

  const check = async () => {
    if (await catalogueImport.check(file)) panelHeading.current?.focus();
    else fileField.current?.focus();
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
    fileField.current?.focus();
  };
  // Checked again from the file chosen here; after a reload the screen has none, so the person chooses it again.
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
          <FileInput
            ref={fileField}
            label={FILE_LABEL}
            description={busy ? "Another file can be sent once this one is done." : "A .csv file of at most 100 MB."}
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ "aria-label": "Clear the chosen file" }}
            error={fileFaults.length > 0 ? <FileFaults faults={fileFaults} /> : undefined}
            disabled={busy}
            maw={480}
          />
          <Group>
            <Button type="submit" loading={sending !== null} disabled={busy}>
              {CHECK_LABEL}
            </Button>
          </Group>
        </Stack>
      </Paper>
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

/** The server's faults with the file, one a line (a file may have several). */
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
