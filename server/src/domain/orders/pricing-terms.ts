// What every cart is priced with besides its lines: the automatic promotions (domain/promotions), each
// region's fee and tax rates and the categories' tax classes (domain/taxes). They are few, change rarely
// and are needed on every quote, so each process keeps them in memory instead of reading them per cart.
//
// The rule that keeps them right: every change to those rows raises pricing_terms_version in the same
// transaction (triggers, in the migration), and every cart's read brings that number back in its own
// statement (TERMS_VERSION_COLUMN). Terms kept at that number or a later one are used; otherwise they are
// read again, after the number, so what is read is at least as new as the number it is kept under (a change
// committed in between only makes the next cart read them again). Several processes need nothing more:
// each compares with the database's number.
import { Prisma } from "../../generated/prisma/client.js";
import { automaticPromotions, type ReadPromotion } from "../promotions/index.js";
import type { RowReader } from "../shared/index.js";
import { categoryTaxClasses, pricedRegions, type PricedRegion } from "../taxes/index.js";

export interface PricingTerms {
  /** The automatic promotions not paused and not ended (in force or starting later). */
  automatic: readonly ReadPromotion[];
  regions: ReadonlyMap<number, PricedRegion>;
  categoryClasses: ReadonlyMap<number, number>;
}

/** A column for a statement: the pricing terms' version now, as text (null if its row is missing). */
export const TERMS_VERSION_COLUMN = Prisma.sql`(SELECT version::text FROM pricing_terms_version WHERE id = 1)`;

async function readTerms(read: RowReader): Promise<PricingTerms> {
  const [automatic, regions, categoryClasses] = await Promise.all([automaticPromotions(read), pricedRegions(read), categoryTaxClasses(read)]);
  return { automatic, regions, categoryClasses };
}

/** One process's copy of the pricing terms, under the version it was read at. */
export class KeptPricingTerms {
  private kept: { version: bigint; terms: Promise<PricingTerms> } | null = null;
  /** How many times the terms were read (for tests: a cart at the same version reads nothing). */
  reads = 0;

  /**
   * The terms at `version` (as a cart's read brought it) or later; null or unknown: the version is read
   * first. Without a version row (never, unless removed by hand) nothing is kept.
   */
  async at(read: RowReader, version: string | null | undefined): Promise<PricingTerms> {
    const known = version ?? (await read<{ version: string | null }>(Prisma.sql`SELECT ${TERMS_VERSION_COLUMN} AS version`))[0]?.version ?? null;
    if (known === null) return this.readAgain(read);
    const wanted = BigInt(known);
    if (this.kept && this.kept.version >= wanted) return this.kept.terms;
    const terms = this.readAgain(read);
    this.kept = { version: wanted, terms };
    // A failed read is not kept: the next cart reads them again.
    terms.catch(() => {
      if (this.kept?.terms === terms) this.kept = null;
    });
    return terms;
  }

  private readAgain(read: RowReader): Promise<PricingTerms> {
    this.reads += 1;
    return readTerms(read);
  }
}
