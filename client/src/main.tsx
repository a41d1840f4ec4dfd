import "./app/mantineStyles";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes } from "react-router-dom";
import { App } from "./app/App";
import { shopRoutes } from "./app/routes";
import { readPageState, routerHydrationState } from "./lib/ssr/pageState";

/**
 * Lets the browser run what waits (a tap, a paint) before the next step of starting up: each step is then a
 * task of its own instead of one long task (Lighthouse's TBT counts every task over 50 ms on a slow phone).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // The modules were just evaluated, in the task that imported them.
  await yieldToBrowser();
  const root = document.getElementById("root")!;
  const page = readPageState();
  if (!page) {
    // Not rendered on the server (the Vite dev server): the app draws the page itself.
    createRoot(root).render(
      <StrictMode>
        <App router={createBrowserRouter(shopRoutes)} />
      </StrictMode>,
    );
    return;
  }
  // The screens the server drew are lazy chunks: loaded before hydrating, so the first render matches.
  const lazyMatches = matchRoutes(shopRoutes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (match) => {
      const loaded = await (match.route.lazy as () => Promise<object>)();
      Object.assign(match.route, { ...loaded, lazy: undefined });
    }),
  );
  // The screen's chunks were evaluated as they arrived.
  await yieldToBrowser();
  const router = createBrowserRouter(shopRoutes, { hydrationData: routerHydrationState(page.router) });
  // Making the router (its history, every route matched against the address) and starting to hydrate were one
  // task of about 54 ms on this machine, over 200 ms on a slow phone (CPU 4x): the hydration starts in its own.
  await yieldToBrowser();
  // The starter stops keeping taps for later: from here on React answers them (client/build/scripts-after-content.ts).
  document.dispatchEvent(new Event("verdant:hydrating"));
  // Hydrated as a transition: React then works in slices of a few milliseconds and lets the browser answer
  // taps and scrolls in between, instead of one long task over the whole page (the page is already on screen).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} page={page} />
      </StrictMode>,
    );
  });
}

void start();
