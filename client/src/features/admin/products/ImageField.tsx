// A file area for a product image: it reads its label ('Upload image 1') until a file
// is chosen, then 'Image added'; a preview shows the chosen file, else the product's current image.
import { Paper, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useEffect, useId, useState } from "react";
import { ProductPicture, type PictureImage } from "../../../components/ProductPicture";

export const IMAGE_ADDED = "Image added";
export const ACCEPTED = "image/jpeg,image/png,image/webp,image/gif";

/** A browser address for the chosen file while it is shown; released afterwards. */
export function useFilePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== "function") return;
    const address = URL.createObjectURL(file);
    // The address exists only once the browser made it, so it is kept after the effect, for this file only.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPreview({ file, url: address });
    return () => URL.revokeObjectURL(address);
  }, [file]);
  return preview?.file === file ? preview.url : null;
}

export interface ImageFieldProps {
  label: string;
  /** Names the preview for screen readers, e.g. "image 1". */
  name: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The product's current picture, previewed until another is chosen. */
  currentImage?: PictureImage | null;
  error?: string;
}

export function ImageField({ label, name, file, onChange, currentImage, error }: ImageFieldProps) {
  const chosenUrl = useFilePreview(file);
  const errorId = useId();
  return (
    <Stack gap={6}>
      <Paper
        component="label"
        withBorder
        p="md"
        radius="md"
        style={{
          cursor: "pointer",
          borderStyle: "dashed",
          borderColor: error ? "var(--mantine-color-red-6)" : undefined,
          background: file ? "var(--mantine-color-green-0)" : undefined,
        }}
      >
        <VisuallyHidden>
          <input
            type="file"
            accept={ACCEPTED}
            onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </VisuallyHidden>
        <Text ta="center" fw={600} c={file ? "green.8" : undefined}>
          {file ? IMAGE_ADDED : label}
        </Text>
      </Paper>
      {error && (
        <Text size="sm" c="red.8" id={errorId}>
          {error}
        </Text>
      )}
      {(chosenUrl || currentImage) && (
        // The chosen file as it is (it exists only in this browser), else the current picture's renditions.
        <ProductPicture
          image={chosenUrl ? null : currentImage}
          src={chosenUrl}
          alt={`Preview of ${name}`}
          sizes="120px"
          w={120}
          h={120}
          radius="var(--mantine-radius-md)"
        />
      )}
    </Stack>
  );
}
