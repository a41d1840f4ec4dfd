import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { createShopClient } from "../lib/apollo/client";
import { AppProviders } from "./providers";
import { shopRoutes } from "./routes";

const router = createBrowserRouter(shopRoutes);

export function App() {
  const [{ client, live }] = useState(createShopClient);
  return (
    <AppProviders client={client} onSessionChange={live.restart}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
