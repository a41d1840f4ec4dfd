// The page frame for every screen: the skip link, top navigation, the screen, the footer.
import { Box, Container } from "@mantine/core";
import { Outlet, useLocation } from "react-router-dom";
import { LoadingView } from "../../components/LoadingView";
import { SHOP_NAME } from "../../components/PageTitle";
import { useHydrated } from "../../lib/ssr/hydration";
import { Footer } from "./Footer";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";
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
      <SkipLink />
      <TopNavigation />
      {/* At least a screen high: the footer starts below the fold, so a page whose data arrives
          after its loading view grows downwards without pushing anything the visitor sees (no layout shift). */}
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size="xl" py="lg" w="100%" mih="100vh" style={{ flex: 1, outline: "none" }}>
        {personal && !hydrated ? (
          <>
            {/* The screen's own title comes with it; until then the page has the shop's (a document needs one). */}
            <title>{SHOP_NAME}</title>
            <LoadingView />
          </>
        ) : (
          <Outlet />
        )}
      </Container>
      <Footer />
    </Box>
  );
}
