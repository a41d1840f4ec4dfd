// Ratings: each user rates a product once, 1 to 5 stars. The product keeps the running sum and count
// (rating and people_rated), updated in the same transaction as the rating row.
import type { Category, PrismaClient, Product } from "../../generated/prisma/client.js";
import { Checks, conflict, isUniqueViolation, notFound, parseId, received, requireUser, wholeNumber, type Deferred, type FormInput, type Viewer } from "../shared/index.js";

export type RatedProduct = Product & { category: Category };

/** A rating: 1 to 5 stars. */
export const ratingForm = { stars: wholeNumber("rating number", { min: 1, max: 5 }) };
export type RatingInput = FormInput<typeof ratingForm>;

export class RatingService {
  constructor(private readonly prisma: PrismaClient) {}

  /** Rate a product -> the product with its new sum and count. */
  async rate(viewer: Viewer | null, productId: unknown, input: Deferred<RatingInput>): Promise<RatedProduct> {
    const { userId } = requireUser(viewer);
    const id = parseId(productId);
    if (id === null) throw notFound("Product");
    const checks = new Checks();
    const { stars: value } = checks.form(ratingForm, await received(input), { stars: "rating_number" });
    checks.done();

    try {
      return await this.prisma.$transaction(async (tx) => {
        // The product row is updated first: it locks the product, and a missing product fails here (P2025).
        const product = await tx.product.update({
          where: { id },
          data: { ratingSum: { increment: value }, peopleRated: { increment: 1 } },
          include: { category: true },
        });
        // The unique (user, product) index turns a second rating, even a concurrent one, into P2002,
        // which rolls the increment back with it.
        await tx.rating.create({ data: { userId, productId: id, value } });
        return product;
      });
    } catch (error) {
      // P2025: the product to update does not exist.
      if ((error as { code?: unknown } | null)?.code === "P2025") throw notFound("Product");
      if (isUniqueViolation(error)) throw conflict("You have already rated this product.");
      throw error;
    }
  }

  /** The viewer's own rating of a product, 0 when they have not rated it. */
  async myRating(viewer: Viewer | null, productId: unknown): Promise<number> {
    const { userId } = requireUser(viewer);
    const id = parseId(productId);
    if (id === null) throw notFound("Product");
    const rating = await this.prisma.rating.findUnique({
      where: { userId_productId: { userId, productId: id } },
      select: { value: true },
    });
    if (rating) return rating.value;
    if ((await this.prisma.product.count({ where: { id } })) === 0) throw notFound("Product");
    return 0;
  }
}
