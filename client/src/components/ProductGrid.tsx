// The shop's grids: products in 2 columns on small screens, 3 on medium, 6 on large
// (5 in the admin grid); categories in 2 columns, 4 on large.
import { SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";

const PRODUCT_GRID_COLUMNS = { base: 2, sm: 3, lg: 6 } as const;
const ADMIN_PRODUCT_GRID_COLUMNS = { base: 2, sm: 3, lg: 5 } as const;
const CATEGORY_GRID_COLUMNS = { base: 2, lg: 4 } as const;

export function ProductGrid({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  return (
    <SimpleGrid cols={admin ? ADMIN_PRODUCT_GRID_COLUMNS : PRODUCT_GRID_COLUMNS} spacing="md" verticalSpacing="lg">
      {children}
    </SimpleGrid>
  );
}

export function CategoryGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={CATEGORY_GRID_COLUMNS} spacing="md">
      {children}
    </SimpleGrid>
  );
}
