export * from "./chat.ts";
export * from "./community.ts";
export * from "./constants.ts";
export * from "./paths.ts";
export * from "./public-forms.ts";
export * from "./schemas.ts";
