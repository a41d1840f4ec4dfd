// Fills a private schema with 10,000 products across 10 categories for the benchmark.
import type { PrismaClient } from "../src/generated/prisma/client.js";

export async function seedBenchCatalogue(prisma: PrismaClient, productCount = 10_000): Promise<void> {
  const words = ["Fern", "Monstera", "Cactus", "Basil", "Rose", "Trowel", "Planter", "Orchid", "Ivy", "Lavender", "Maple", "Tulip"];
  await prisma.category.createMany({ data: Array.from({ length: 10 }, (_, i) => ({ name: `Bench Category ${i + 1}` })) });
  const categories = await prisma.category.findMany({ select: { id: true } });
  const start = Date.now() - productCount * 60_000;
  const batch = 2_000;
  for (let offset = 0; offset < productCount; offset += batch) {
    await prisma.product.createMany({
      data: Array.from({ length: Math.min(batch, productCount - offset) }, (_, k) => {
        const i = offset + k;
        const price = 500 + ((i * 37) % 9_500);
        return {
          slug: `bench-${words[i % words.length].toLowerCase()}-${i}`,
          name: `${words[i % words.length]} ${words[(i * 7) % words.length]} No. ${i}`,
          description: "A benchmark product with a believable description of moderate length for a plant shop.",
          categoryId: categories[i % categories.length].id,
          priceCents: price,
          discountPriceCents: i % 3 === 0 ? Math.floor(price * 0.8) : null,
          quantity: i % 11 === 0 ? 0 : (i % 50) + 1,
          imageOne: `/uploads/bench/${i}.png`,
          ratingSum: (i % 5) * 3,
          peopleRated: i % 5,
          createdAt: new Date(start + i * 60_000),
        };
      }),
    });
  }
}
