// @mantine/hooks as the shop's build sees it (build/mantine-stable-ids.ts sends every import of the package,
// Mantine's own included, here): the same hooks, but a useId that stays as React made it.
export * from "@mantine/hooks";
export { useId } from "./useId";
