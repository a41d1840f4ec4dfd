// Going back one page in history (after signing in, after creating a product).
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/** Back one page in history; to `fallback` (by default /) when this page was the first one opened. */
export function useGoBack(fallback = "/") {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key === "default") navigate(fallback, { replace: true });
    else navigate(-1);
  }, [navigate, location.key, fallback]);
}
