// The header's search as a plain form: in the server's page, and until the suggesting box (HeaderSearch, a
// lazy chunk) has loaded. It is a real search form (GET /search?q=…), so Enter before the scripts run, or
// without scripts at all, opens the server's results page; once the app runs, Enter moves in place.
import { TextInput } from "@mantine/core";
import type { FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { SearchIcon } from "../../components/icons";

export const HEADER_SEARCH_LABEL = "Search the shop";
export const HEADER_SEARCH_PLACEHOLDER = "Search plants, tools, categories";
/** The box's id, the same in both forms: the suggesting box takes over the text (and focus) of the plain one. */
export const HEADER_SEARCH_ID = "header-search";
/** The box's width, the same in both forms, so nothing moves when one replaces the other. */
export const HEADER_SEARCH_WIDTH = { base: 180, md: 280 };

/** The search page for a text, as the header's Enter opens it. */
export const headerSearchPath = (text: string) => `/search?${new URLSearchParams({ q: text })}`;

export function HeaderSearchForm() {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem("q") as HTMLInputElement | null;
    const text = field?.value.trim() ?? "";
    if (!text || !field) return;
    field.value = "";
    navigate(headerSearchPath(text));
  };
  return (
    <form method="get" action="/search" onSubmit={submit}>
      <TextInput
        id={HEADER_SEARCH_ID}
        name="q"
        aria-label={HEADER_SEARCH_LABEL}
        placeholder={HEADER_SEARCH_PLACEHOLDER}
        type="search"
        leftSection={<SearchIcon size={16} />}
        w={HEADER_SEARCH_WIDTH}
      />
    </form>
  );
}
