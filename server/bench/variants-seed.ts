// Variants for the benchmark catalogues: each product is sold in 1 to 4 variants (its id decides how many:
// 2.5 on average, so 100,000 products hold about 250,000 variants). A product with more than one gets an
// option, "Pot size" (12, 17, 24, 31 cm) or "Size" (Small, Medium, Large, XL), its default variant the
// first value, each further one 5 dollars dearer with its own stock. Set-wise statements, so the triggers
// that keep each product's summary (price range, stock, option words) run as they do for an owner's grid.
const VARIANTS_OF = (id: string) => `(1 + (${id} * 7919) % 4)`;

/** Adds the variants to the catalogue in the current schema; `run` executes one statement. */
export async function addBenchVariants(run: (sql: string) => Promise<unknown>): Promise<void> {
  await run(`
    INSERT INTO product_options (product_id, name, position)
    SELECT id, CASE WHEN id % 2 = 0 THEN 'Pot size' ELSE 'Size' END, 0 FROM products
    WHERE ${VARIANTS_OF("id")} > 1 AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = products.id)`);
  await run(`
    INSERT INTO product_option_values (option_id, value, position)
    SELECT o.id, (CASE WHEN o.name = 'Pot size' THEN ARRAY['12 cm', '17 cm', '24 cm', '31 cm'] ELSE ARRAY['Small', 'Medium', 'Large', 'XL'] END)[k], k - 1
    FROM product_options o CROSS JOIN LATERAL generate_series(1, ${VARIANTS_OF("o.product_id")}) k
    WHERE NOT EXISTS (SELECT 1 FROM product_option_values v WHERE v.option_id = o.id)`);
  await run(`
    INSERT INTO product_variants (product_id, sku, price_cents, discount_price_cents, quantity, position, updated_at)
    SELECT v.product_id, v.sku || '-' || k, v.price_cents + (k - 1) * 500, NULL, (v.product_id * k) % 40, k - 1, now()
    FROM product_variants v JOIN product_options o ON o.product_id = v.product_id
    CROSS JOIN LATERAL generate_series(2, ${VARIANTS_OF("v.product_id")}) k
    WHERE v.position = 0 AND NOT EXISTS (SELECT 1 FROM product_variants w WHERE w.product_id = v.product_id AND w.position > 0)`);
  await run(`
    INSERT INTO product_variant_values (variant_id, option_id, value_id)
    SELECT v.id, o.id, ov.id
    FROM product_variants v JOIN product_options o ON o.product_id = v.product_id
    JOIN product_option_values ov ON ov.option_id = o.id AND ov.position = v.position
    ON CONFLICT DO NOTHING`);
}
