import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/** Back one page in history; to / when this page was the first one opened. */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key === "default") navigate("/", { replace: true });
    else navigate(-1);
  }, [navigate, location.key]);
}
