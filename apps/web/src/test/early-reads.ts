import { clearEarlyReads } from "@/lib/early-reads.ts";

/**
 * The head the server writes for a signed-in screen: a fetch preload for each address. Returns
 * a function that takes the links away and forgets the early reads made from them.
 */
export function preloadFetches(...hrefs: string[]): () => void {
  const links = hrefs.map((href) => {
    const link = document.createElement("link");
    link.setAttribute("rel", "preload");
    link.setAttribute("as", "fetch");
    link.setAttribute("href", href);
    link.setAttribute("crossorigin", "use-credentials");
    return document.head.appendChild(link);
  });
  return () => {
    for (const link of links) link.remove();
    clearEarlyReads();
  };
}
