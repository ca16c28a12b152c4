export * from "./community.ts";
export * from "./constants.ts";
export * from "./paths.ts";
export * from "./schemas.ts";
