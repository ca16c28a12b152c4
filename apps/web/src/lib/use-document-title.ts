import { useEffect } from "react";

export const SITE_NAME = "Kindred";

/** "Discover people · Kindred"; the bare site name when there is no page title. */
export function documentTitle(page?: string): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_NAME;
}

/** Sets the tab's title while the screen is shown. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
