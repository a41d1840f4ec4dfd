// Everything a screen relies on: the Mantine theme, the notifications host (at most 20 kept), the
// Apollo client, the signed-in user and the cart.
import { ApolloProvider } from "@apollo/client/react";
import type { ApolloClient } from "@apollo/client";
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { CartProvider } from "../lib/cart/CartProvider";
import { SessionProvider } from "../lib/session/SessionProvider";
import { NotificationsHost } from "./NotificationsHost";
import { ShopCssVariables } from "./ShopCssVariables";
import { shopTheme } from "./theme";

export function AppProviders({
  client,
  onSessionChange,
  children,
}: {
  client: ApolloClient;
  /** Called after sign-in and sign-out (the live connection reopens with the new token). */
  onSessionChange?: () => void;
  children: ReactNode;
}) {
  return (
    // The theme's variables are written by ShopCssVariables (once per process), not by Mantine on each render.
    <MantineProvider theme={shopTheme} withCssVariables={false} defaultColorScheme="light">
      <ShopCssVariables />
      <NotificationsHost />
      <ApolloProvider client={client}>
        <SessionProvider onChange={onSessionChange}>
          <CartProvider>{children}</CartProvider>
        </SessionProvider>
      </ApolloProvider>
    </MantineProvider>
  );
}
