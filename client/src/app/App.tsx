import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { createApolloClient } from "../lib/apollo/client";
import { AppProviders } from "./providers";
import { shopRoutes } from "./routes";

const router = createBrowserRouter(shopRoutes);

export function App() {
  const [client] = useState(() => createApolloClient());
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
