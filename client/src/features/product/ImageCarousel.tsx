// The product images (spec sections 2 and 9): with two images it advances by itself every 10 seconds
// and wraps; previous and next wrap too.
import { ActionIcon, Box, Group, Image } from "@mantine/core";
import { useEffect, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons";
import { advancesByItself, CAROUSEL_ADVANCE_MS, nextSlide, previousSlide } from "../../lib/carousel";

export function ImageCarousel({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;

  useEffect(() => {
    if (!advancesByItself(count)) return;
    const timer = setInterval(() => setIndex((current) => nextSlide(current, count)), CAROUSEL_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [count, index]);

  return (
    <Box pos="relative" aria-roledescription="carousel" aria-label={`${name} images`}>
      <Image
        src={images[index]}
        alt={count > 1 ? `${name}, image ${index + 1} of ${count}` : name}
        radius="md"
        h={{ base: 300, md: 420 }}
        fit="cover"
        fallbackSrc="/placeholder-plant.svg"
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
