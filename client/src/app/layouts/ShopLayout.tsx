// The page frame for every screen: the skip link, top navigation, the screen, the footer.
import { Box, Container } from "@mantine/core";
import { Outlet } from "react-router-dom";
import { Footer } from "./Footer";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";
import { TopNavigation } from "./TopNavigation";

export function ShopLayout() {
  return (
    <Box style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <TopNavigation />
      {/* At least a screen high (issue 20): the footer starts below the fold, so a page whose data arrives
          after its loading view grows downwards without pushing anything the visitor sees (no layout shift). */}
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size="xl" py="lg" w="100%" mih="100vh" style={{ flex: 1, outline: "none" }}>
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}
