export * from "./constants.ts";
export * from "./schemas.ts";
