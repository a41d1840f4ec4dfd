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
 * Screens the server sends as their frame with the loading view, the screen appearing once the page is
 * hydrated: the back office, and the new-password screen (the reset link's token is in the address's
 * fragment, which the server never sees). The other personal screens send their own layout, drawn for a
 * guest with nothing of the shopper's in it: the sign-in, sign-up and forgot-password forms (what is typed
 * before the scripts run is kept, lib/ssr/typedEarly.ts), the cart's frame until it reads the tab's cart, the
 * account and checkout screens' titles while the shopper's session loads (RequireUser).
 */
export const SCREENS_AFTER_HYDRATION = /^\/(admin|reset-password)(\/|$)/;

export function ShopLayout() {
  const hydrated = useHydrated();
  const later = SCREENS_AFTER_HYDRATION.test(useLocation().pathname);
  return (
    <Box style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <TopNavigation />
      {/* At least a screen high: the footer starts below the fold, so a page whose data arrives
          after its loading view grows downwards without pushing anything the visitor sees (no layout shift). */}
      <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size="xl" py="lg" w="100%" mih="100vh" style={{ flex: 1, outline: "none" }}>
        {later && !hydrated ? (
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
