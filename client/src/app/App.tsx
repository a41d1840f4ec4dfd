import { useState } from "react";
import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import { createShopClient } from "../lib/apollo/client";
import { HydrationGate } from "../lib/ssr/hydration";
import { PageInfoProvider } from "../lib/ssr/page";
import type { ServerPageState } from "../lib/ssr/pageState";
import { AppProviders } from "./providers";

/** The app in the browser; `page` is what the server rendered it with (none in development). */
export function App({ router, page }: { router: ReturnType<typeof createBrowserRouter>; page?: ServerPageState | null }) {
  const [{ client, live }] = useState(() => createShopClient(page?.apollo));
  const app = (
    <AppProviders client={client} onSessionChange={live.restart}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  return page ? (
    <PageInfoProvider value={{ origin: page.origin }}>
      <HydrationGate>{app}</HydrationGate>
    </PageInfoProvider>
  ) : (
    app
  );
}
