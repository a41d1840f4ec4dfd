// The page frame for every screen: top navigation, the screen, the footer.
import { Box, Container } from "@mantine/core";
import { Outlet } from "react-router-dom";
import { Footer } from "./Footer";
import { TopNavigation } from "./TopNavigation";

export function ShopLayout() {
  return (
    <Box style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <TopNavigation />
      <Container component="main" size="xl" py="lg" w="100%" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}
