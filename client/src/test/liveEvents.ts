// A stand-in for the shop's WebSocket in screen tests: subscriptions stay open and receive only what a
// test pushes with emit(), so screens can be shown receiving a live order update.
import { ApolloLink } from "@apollo/client";
import { Observable, type Subscriber } from "rxjs";

interface Listening {
  operationName: string | undefined;
  variables: Record<string, unknown>;
  observer: Subscriber<ApolloLink.Result>;
}

export interface TestLive {
  link: ApolloLink;
  /** Sends `data` to every open subscription of that operation name. */
  emit(operationName: string, data: Record<string, unknown>): void;
  /** The variables of each open subscription of that operation name. */
  listening(operationName: string): Record<string, unknown>[];
}

export function createTestLive(): TestLive {
  const open = new Set<Listening>();
  const link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const entry = { operationName: operation.operationName, variables: operation.variables, observer };
        open.add(entry);
        return () => open.delete(entry);
      }),
  );
  return {
    link,
    emit(operationName, data) {
      for (const entry of open) if (entry.operationName === operationName) entry.observer.next({ data });
    },
    listening: (operationName) => [...open].filter((entry) => entry.operationName === operationName).map((entry) => entry.variables),
  };
}
