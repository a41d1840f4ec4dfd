// The demo catalogue as plain data: what a small plant and garden shop might stock. Money in cents.
// Stock levels are deliberate: a few sold out (quantity 0) and a few nearly gone (1-3), so the
// storefront's "Out Of Stock" and "{n} item(s) left" states show up on a fresh shop.

export interface SeedProduct {
  name: string;
  category: string;
  description: string;
  priceCents: number;
  discountPriceCents?: number;
  quantity: number;
  /** Whether the product gets a second picture (the detail page's carousel). */
  twoImages?: boolean;
}

export interface SeedPerson {
  name: string;
  email: string;
  phone: string;
  address: string;
}

export const SEED_CATEGORIES = [
  "Indoor Plants",
  "Outdoor Plants",
  "Succulents & Cacti",
  "Herbs & Edibles",
  "Flowering Plants",
  "Pots & Planters",
  "Seeds & Bulbs",
  "Garden Tools",
  "Soil & Fertiliser",
  "Watering",
] as const;

export const SEED_REGIONS: { name: string; feeCents: number }[] = [
  { name: "Local courier", feeCents: 499 },
  { name: "North", feeCents: 750 },
  { name: "South", feeCents: 750 },
  { name: "Islands", feeCents: 1400 },
  { name: "Express nationwide", feeCents: 1999 },
];

export const SEED_PRODUCTS: SeedProduct[] = [
  // Indoor Plants
  { name: "Monstera Deliciosa", category: "Indoor Plants", priceCents: 3499, discountPriceCents: 2999, quantity: 18, twoImages: true,
    description: "The Swiss cheese plant: large glossy leaves that split as they mature. Give it bright, indirect light and water when the top 5 cm of soil is dry." },
  { name: "Snake Plant 'Laurentii'", category: "Indoor Plants", priceCents: 2499, quantity: 42,
    description: "Upright, yellow-edged leaves that shrug off low light and forgetful watering. Let the soil dry out completely between drinks." },
  { name: "Fiddle Leaf Fig", category: "Indoor Plants", priceCents: 4999, quantity: 2, twoImages: true,
    description: "A statement tree with broad, violin-shaped leaves. Keep it in one bright spot away from draughts; it sulks when moved." },
  { name: "Golden Pothos", category: "Indoor Plants", priceCents: 1499, discountPriceCents: 1199, quantity: 55,
    description: "A fast, forgiving trailer for shelves and hanging baskets. Happy in most light; drooping leaves are its way of asking for water." },
  { name: "ZZ Plant", category: "Indoor Plants", priceCents: 2999, quantity: 24, twoImages: true,
    description: "Waxy, dark green leaves on upright stems that store water in their roots. Ideal for offices: water every two to three weeks." },
  { name: "Peace Lily", category: "Indoor Plants", priceCents: 2299, discountPriceCents: 1899, quantity: 0,
    description: "Glossy leaves and white blooms through much of the year. Tolerates shade and likes evenly moist soil." },
  { name: "Rubber Plant 'Burgundy'", category: "Indoor Plants", priceCents: 3299, quantity: 15, twoImages: true,
    description: "Deep burgundy, leathery leaves on a sturdy stem. Wipe the leaves now and then so they stay glossy and can drink in the light." },
  { name: "Calathea Orbifolia", category: "Indoor Plants", priceCents: 3899, quantity: 7,
    description: "Round, silver-striped leaves that fold up at night. Loves humidity and filtered or rain water; keep it out of direct sun." },

  // Outdoor Plants
  { name: "Japanese Maple 'Bloodgood'", category: "Outdoor Plants", priceCents: 8999, discountPriceCents: 7499, quantity: 6, twoImages: true,
    description: "Deep red leaves from spring to a fiery autumn. Plant in sheltered, part shade and mulch well to keep the roots cool." },
  { name: "English Lavender 'Hidcote'", category: "Outdoor Plants", priceCents: 1299, quantity: 60,
    description: "Compact, silver-leaved lavender with deep purple, fragrant flowers loved by bees. Needs full sun and free-draining soil." },
  { name: "Boxwood Ball 40 cm", category: "Outdoor Plants", priceCents: 4499, quantity: 12, twoImages: true,
    description: "A neatly clipped evergreen sphere for doorsteps and formal borders. Trim lightly twice a year to keep its shape." },
  { name: "Hydrangea 'Annabelle'", category: "Outdoor Plants", priceCents: 3499, discountPriceCents: 2799, quantity: 21,
    description: "Huge white flower heads from midsummer on a hardy shrub. Cut back hard in late winter for the biggest blooms." },
  { name: "Olive Tree", category: "Outdoor Plants", priceCents: 6999, quantity: 9, twoImages: true,
    description: "A Mediterranean classic with silvery leaves for a sunny patio. Water deeply but rarely, and shelter it from hard frost." },
  { name: "Star Jasmine", category: "Outdoor Plants", priceCents: 2799, quantity: 20,
    description: "An evergreen climber with sweetly scented white flowers in summer. Train it up a trellis in sun or part shade." },

  // Succulents & Cacti
  { name: "Echeveria 'Lola'", category: "Succulents & Cacti", priceCents: 899, quantity: 48,
    description: "A pale lilac rosette that looks carved from wax. Bright light, gritty soil and a drink only when the leaves feel soft." },
  { name: "Golden Barrel Cactus", category: "Succulents & Cacti", priceCents: 1999, discountPriceCents: 1599, quantity: 14, twoImages: true,
    description: "A round, ribbed cactus lined with golden spines. Give it your sunniest window and water sparingly in winter." },
  { name: "Aloe Vera", category: "Succulents & Cacti", priceCents: 1299, quantity: 36,
    description: "Thick, serrated leaves full of soothing gel. Thrives on a bright windowsill with water every couple of weeks." },
  { name: "Jade Plant", category: "Succulents & Cacti", priceCents: 1799, quantity: 3, twoImages: true,
    description: "A tree-like succulent with plump, glossy leaves, said to bring good luck. Easy to grow and simple to propagate from a single leaf." },
  { name: "String of Pearls", category: "Succulents & Cacti", priceCents: 1599, discountPriceCents: 1299, quantity: 22,
    description: "Cascading strands of bead-like leaves for a high shelf or hanging pot. Water from below and let it dry between drinks." },
  { name: "Bunny Ear Cactus", category: "Succulents & Cacti", priceCents: 1399, quantity: 0, twoImages: true,
    description: "Flat, paddle-shaped pads dotted with soft-looking (but prickly) tufts. Loves heat and bright light; handle with gloves." },

  // Herbs & Edibles
  { name: "Sweet Basil 'Genovese'", category: "Herbs & Edibles", priceCents: 599, quantity: 40,
    description: "The classic pesto basil with large, aromatic leaves. Pinch out the tips to keep it bushy and stop it flowering." },
  { name: "Rosemary 'Tuscan Blue'", category: "Herbs & Edibles", priceCents: 799, quantity: 33, twoImages: true,
    description: "An upright, woody herb with blue flowers in spring. Full sun and dry feet; harvest sprigs all year round." },
  { name: "Garden Mint", category: "Herbs & Edibles", priceCents: 599, discountPriceCents: 449, quantity: 50,
    description: "Vigorous, fresh-tasting mint for teas and salads. Grow it in a pot so it cannot take over the border." },
  { name: "Dwarf Meyer Lemon Tree", category: "Herbs & Edibles", priceCents: 5999, discountPriceCents: 4999, quantity: 8, twoImages: true,
    description: "A compact citrus with fragrant blossom and sweet, thin-skinned lemons. Grow it on a sunny patio and bring it indoors before frost." },
  { name: "Strawberry 'Albion' 6-pack", category: "Herbs & Edibles", priceCents: 1499, quantity: 25,
    description: "Everbearing strawberries that crop from early summer into autumn. Plant in containers or raised beds in full sun." },
  { name: "Cherry Tomato 'Sungold'", category: "Herbs & Edibles", priceCents: 699, quantity: 1, twoImages: true,
    description: "Famously sweet, golden-orange cherry tomatoes on tall vines. Support with a cane and feed weekly once the first truss sets." },

  // Flowering Plants
  { name: "Phalaenopsis Orchid", category: "Flowering Plants", priceCents: 3299, discountPriceCents: 2699, quantity: 16, twoImages: true,
    description: "Elegant arching sprays of blooms that last for months. Water once a week by soaking the bark, then let it drain fully." },
  { name: "Anthurium 'Red'", category: "Flowering Plants", priceCents: 2799, quantity: 19,
    description: "Glossy, heart-shaped red flowers above dark green leaves, almost all year round. Bright, indirect light and steady warmth." },
  { name: "Kalanchoe", category: "Flowering Plants", priceCents: 1099, quantity: 30, twoImages: true,
    description: "Clusters of tiny, long-lasting flowers on a succulent plant. Needs little water; short days in autumn bring the next flush." },
  { name: "African Violet", category: "Flowering Plants", priceCents: 899, discountPriceCents: 699, quantity: 27,
    description: "Velvety leaves and purple flowers that bloom again and again on a bright windowsill. Water from below to keep the leaves dry." },
  { name: "Gardenia 'Kleim's Hardy'", category: "Flowering Plants", priceCents: 2499, quantity: 11, twoImages: true,
    description: "Creamy white, intensely fragrant flowers in summer. Likes acidic soil, even moisture and a sheltered, sunny spot." },

  // Pots & Planters
  { name: "Terracotta Pot 20 cm", category: "Pots & Planters", priceCents: 1299, quantity: 60,
    description: "A classic breathable clay pot with a drainage hole, ideal for herbs and succulents. Saucer sold separately." },
  { name: "Glazed Ceramic Planter 'Ocean'", category: "Pots & Planters", priceCents: 3499, discountPriceCents: 2799, quantity: 14, twoImages: true,
    description: "A frost-resistant planter in a deep blue reactive glaze, each one slightly different. Fits a nursery pot up to 24 cm." },
  { name: "Self-Watering Planter 30 cm", category: "Pots & Planters", priceCents: 2999, quantity: 23,
    description: "A hidden reservoir and wick keep roots evenly moist for up to two weeks. A water-level gauge shows when to top up." },
  { name: "Macrame Hanging Planter", category: "Pots & Planters", priceCents: 1799, discountPriceCents: 1399, quantity: 0, twoImages: true,
    description: "Hand-knotted cotton hanger with a 15 cm ceramic pot. Perfect for trailing plants like pothos or string of pearls." },
  { name: "Cedar Raised Bed 120 x 60 cm", category: "Pots & Planters", priceCents: 12999, quantity: 5,
    description: "A rot-resistant cedar bed for vegetables and herbs, assembled in minutes without tools. Line the base with cardboard to smother weeds." },

  // Seeds & Bulbs
  { name: "Heirloom Tomato Seed Collection", category: "Seeds & Bulbs", priceCents: 1199, quantity: 45, twoImages: true,
    description: "Five open-pollinated varieties, from tiny cherries to big beefsteaks. Sow indoors six to eight weeks before the last frost." },
  { name: "Wildflower Meadow Seed Mix", category: "Seeds & Bulbs", priceCents: 999, discountPriceCents: 799, quantity: 38,
    description: "A native mix of annuals and perennials that covers 10 square metres. Scatter on bare soil in spring or autumn for bees and butterflies." },
  { name: "Tulip Bulbs 'Darwin Mix' (20)", category: "Seeds & Bulbs", priceCents: 1899, discountPriceCents: 1499, quantity: 26, twoImages: true,
    description: "Tall, sturdy tulips in a mix of bright colours that return year after year. Plant 15 cm deep in late autumn." },
  { name: "Dahlia Tubers 'Cafe au Lait' (3)", category: "Seeds & Bulbs", priceCents: 2199, quantity: 0,
    description: "Dinner-plate blooms in blush and cream, a favourite for cutting. Plant after the last frost and stake early." },
  { name: "Garlic Bulbs 'Music' (500 g)", category: "Seeds & Bulbs", priceCents: 1299, quantity: 17, twoImages: true,
    description: "A hardneck garlic with big, easy-to-peel cloves. Plant cloves in autumn, pointy end up, and harvest next summer." },

  // Garden Tools
  { name: "Stainless Steel Hand Trowel", category: "Garden Tools", priceCents: 1899, quantity: 34,
    description: "A rust-free blade with depth markings for planting bulbs, and a comfortable ash handle. Built to last a lifetime of digging." },
  { name: "Bypass Pruning Shears", category: "Garden Tools", priceCents: 2999, discountPriceCents: 2499, quantity: 21, twoImages: true,
    description: "Sharp, precise secateurs for live stems up to 20 mm. The spring-loaded handles and safety lock make light work of pruning." },
  { name: "Hand Fork with Ash Handle", category: "Garden Tools", priceCents: 1699, quantity: 28,
    description: "Three sturdy tines for weeding, loosening soil and mixing in compost. Pairs with our hand trowel." },
  { name: "Garden Kneeler and Seat", category: "Garden Tools", priceCents: 4599, quantity: 10, twoImages: true,
    description: "A padded kneeler that flips over into a low seat, with side handles to help you up. Folds flat for storage." },
  { name: "Border Spade", category: "Garden Tools", priceCents: 4999, discountPriceCents: 3999, quantity: 7,
    description: "A narrow, lightweight spade for digging in tight spots between plants. Tread on the blade's top edge for extra push." },

  // Soil & Fertiliser
  { name: "Organic Potting Mix 25 L", category: "Soil & Fertiliser", priceCents: 1499, quantity: 52, twoImages: true,
    description: "A peat-free blend of composted bark, coir and worm castings for all container plants. Holds moisture without getting soggy." },
  { name: "Cactus and Succulent Mix 10 L", category: "Soil & Fertiliser", priceCents: 1099, quantity: 31,
    description: "A gritty, fast-draining mix with pumice and sand that keeps succulent roots from rotting. Ready to use straight from the bag." },
  { name: "Worm Castings 5 kg", category: "Soil & Fertiliser", priceCents: 1999, discountPriceCents: 1699, quantity: 18,
    description: "A gentle, odourless organic soil improver. Mix a handful into each planting hole or top-dress pots in spring." },
  { name: "Liquid Tomato Feed 1 L", category: "Soil & Fertiliser", priceCents: 899, quantity: 44, twoImages: true,
    description: "High-potash feed for bigger harvests of tomatoes, peppers and strawberries. Dilute one capful in a watering can every week." },
  { name: "Slow-Release Plant Food 800 g", category: "Soil & Fertiliser", priceCents: 1299, discountPriceCents: 999, quantity: 12,
    description: "Coated granules that feed steadily for up to six months. One application in spring covers the whole growing season." },

  // Watering
  { name: "Galvanised Watering Can 9 L", category: "Watering", priceCents: 3999, discountPriceCents: 3299, quantity: 13, twoImages: true,
    description: "A traditional steel can with a brass rose for a gentle shower on seedlings. Balanced to carry comfortably when full." },
  { name: "Indoor Watering Can 1.5 L", category: "Watering", priceCents: 1999, quantity: 29,
    description: "A slim, long-spouted can that reaches under leaves to the soil without splashing. Small enough to keep on a shelf." },
  { name: "Expanding Garden Hose 15 m", category: "Watering", priceCents: 3499, quantity: 16, twoImages: true,
    description: "A lightweight hose that stretches to 15 metres under pressure and shrinks back for storage. Includes a seven-pattern spray gun." },
  { name: "Brass Spray Mister", category: "Watering", priceCents: 1599, discountPriceCents: 1299, quantity: 24,
    description: "A fine-mist sprayer for ferns, calatheas and other humidity lovers. The glass bottle holds 300 ml." },
  { name: "Drip Irrigation Kit", category: "Watering", priceCents: 4499, quantity: 8, twoImages: true,
    description: "Waters up to 20 pots or a small bed right at the roots, with tubing, drippers and stakes. Connects to any outdoor tap." },
];

export const SEED_SHOPPER: SeedPerson = {
  name: "Sam Gardener",
  email: "shopper@verdant.shop",
  phone: "+1 503 555 0142",
  address: "12 Fern Street, Portland, OR 97205",
};

// Reserved example.com addresses: nobody can receive mail sent to the demo customers.
export const SEED_CUSTOMERS: SeedPerson[] = [
  { name: "Maya Patel", email: "maya.patel@example.com", phone: "+1 206 555 0117", address: "48 Cedar Avenue, Seattle, WA 98101" },
  { name: "Oliver Brooks", email: "oliver.brooks@example.com", phone: "+1 415 555 0163", address: "9 Laurel Court, San Francisco, CA 94115" },
  { name: "Hannah Kim", email: "hannah.kim@example.com", phone: "+1 312 555 0128", address: "220 Maple Drive, Chicago, IL 60614" },
  { name: "Diego Alvarez", email: "diego.alvarez@example.com", phone: "+1 512 555 0190", address: "77 Agave Lane, Austin, TX 78704" },
  { name: "Grace O'Connell", email: "grace.oconnell@example.com", phone: "+1 617 555 0134", address: "15 Beacon Row, Boston, MA 02108" },
  { name: "Theo Nakamura", email: "theo.nakamura@example.com", phone: "+1 503 555 0175", address: "301 Alder Street, Portland, OR 97204" },
  { name: "Amara Okafor", email: "amara.okafor@example.com", phone: "+1 404 555 0152", address: "62 Magnolia Way, Atlanta, GA 30309" },
  { name: "Lucas Martin", email: "lucas.martin@example.com", phone: "+1 303 555 0109", address: "18 Aspen Place, Denver, CO 80206" },
  { name: "Priya Raman", email: "priya.raman@example.com", phone: "+1 408 555 0187", address: "5 Orchard Road, San Jose, CA 95126" },
  { name: "Ethan Walsh", email: "ethan.walsh@example.com", phone: "+1 612 555 0141", address: "940 Linden Hills Blvd, Minneapolis, MN 55410" },
  { name: "Sofia Rossi", email: "sofia.rossi@example.com", phone: "+1 718 555 0166", address: "27 Garden Place, Brooklyn, NY 11201" },
  { name: "Noah Bennett", email: "noah.bennett@example.com", phone: "+1 919 555 0123", address: "134 Dogwood Trail, Raleigh, NC 27608" },
  { name: "Chloe Dubois", email: "chloe.dubois@example.com", phone: "+1 504 555 0179", address: "8 Camellia Street, New Orleans, LA 70115" },
  { name: "Isaac Green", email: "isaac.green@example.com", phone: "+1 802 555 0138", address: "56 Sugar Maple Road, Burlington, VT 05401" },
  { name: "Leila Haddad", email: "leila.haddad@example.com", phone: "+1 480 555 0195", address: "410 Palo Verde Drive, Tempe, AZ 85281" },
];
