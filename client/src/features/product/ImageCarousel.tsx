// The product images: with two images it advances by itself every 10 seconds
// and wraps; previous and next wrap too.
import { ActionIcon, Box, Group } from "@mantine/core";
import { useEffect, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons";
import { ProductPicture, type PictureImage } from "../../components/ProductPicture";
import { advancesByItself, CAROUSEL_ADVANCE_MS, nextSlide, previousSlide } from "../../lib/carousel";

// The picture fills its column: the whole width on phones, half the page (Container of at most 1320 px,
// 32 px between the columns) from 62em.
const CAROUSEL_SIZES = "(min-width: 62em) calc((min(100vw, 1320px) - 64px) / 2), calc(100vw - 32px)";

export function ImageCarousel({ images, name }: { images: readonly PictureImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;

  useEffect(() => {
    if (!advancesByItself(count)) return;
    const timer = setInterval(() => setIndex((current) => nextSlide(current, count)), CAROUSEL_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [count, index]);

  return (
    <Box pos="relative" aria-roledescription="carousel" aria-label={`${name} images`}>
      {/* The page's largest content: the first picture loads first; the second when shown. */}
      <ProductPicture
        image={images[index]}
        alt={count > 1 ? `${name}, image ${index + 1} of ${count}` : name}
        sizes={CAROUSEL_SIZES}
        radius="var(--mantine-radius-md)"
        h={{ base: 300, md: 420 }}
        priority={index === 0}
      />
      {count > 1 && (
        <Group justify="space-between" pos="absolute" top="50%" left={8} right={8} style={{ transform: "translateY(-50%)" }}>
          <ActionIcon variant="white" radius="xl" size="lg" aria-label="Previous image" onClick={() => setIndex(previousSlide(index, count))}>
            <ChevronLeftIcon />
          </ActionIcon>
          <ActionIcon variant="white" radius="xl" size="lg" aria-label="Next image" onClick={() => setIndex(nextSlide(index, count))}>
            <ChevronRightIcon />
          </ActionIcon>
        </Group>
      )}
    </Box>
  );
}
