import path from "node:path";
import type { FastifyRequest } from "fastify";

function underApi(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * Whether the route the router matched is an API route. Decided by the matched route, never by
 * `request.url`: the router decodes the address after a hook would read it, so `/%61pi/logout`
 * runs `/api/logout` while its raw URL does not start with `/api`. False when no route matched.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && underApi(route);
}

/**
 * The path a URL names with its spellings undone: percent-encoding, doubled slashes, backslashes
 * and dot segments. Only for requests no route matched (the 404 answer and its log line), so that
 * an unknown API address is answered as one however it is written.
 */
export function canonicalPath(url: string): string {
  let pathname = url.split(/[?#;]/, 1)[0] ?? "";
  for (let round = 0; round < 3 && pathname.includes("%"); round++) {
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      break;
    }
  }
  return path.posix.normalize(`/${pathname.replaceAll("\\", "/")}`);
}

/** For a request no route matched: whether its address, however spelled, is under /api. */
export function namesApiPath(url: string): boolean {
  return underApi(canonicalPath(url).toLowerCase());
}

/** API route matched, or (nothing matched) an address under /api in any spelling. */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.routeOptions.url === undefined ? namesApiPath(request.url) : isApiRoute(request);
}
