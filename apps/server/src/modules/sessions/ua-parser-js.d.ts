// ua-parser-js 1.x ships no types: the part of its result read here.
declare module "ua-parser-js" {
  type Part = { name?: string; version?: string; major?: string };
  function UAParser(userAgent?: string): { browser: Part; os: Part };
  export default UAParser;
}
