// The page frame for every screen: top navigation, the screen, the footer.
import { Box, Container } from "@mantine/core";
import { Outlet, useLocation } from "react-router-dom";
import { LoadingView } from "../../components/LoadingView";
import { useHydrated } from "../../lib/ssr/hydration";
import { Footer } from "./Footer";
import { TopNavigation } from "./TopNavigation";

/**
 * Screens with forms or personal data (sign-in, account, cart, checkout, admin): the server sends their frame
 * with the loading view, and the screen appears once the page is hydrated, so nothing typed before then is lost.
 */
export const PERSONAL_SCREENS = /^\/(admin|user|cart|checkout|login|login-user|signup|forgot-password|reset-password)(\/|$)/;

export function ShopLayout() {
  const hydrated = useHydrated();
  const personal = PERSONAL_SCREENS.test(useLocation().pathname);
  return (
    <Box style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <TopNavigation />
      <Container component="main" size="xl" py="lg" w="100%" style={{ flex: 1 }}>
        {personal && !hydrated ? <LoadingView /> : <Outlet />}
      </Container>
      <Footer />
    </Box>
  );
}
