// Az.js ships no types. Its DAWG reader, and the dictionary's binary files, bundled as Data modules
// (worker/extractor/wrangler.toml's rules).
declare module "az/src/az.dawg.js" {
  const module: unknown;
  export default module;
}

declare module "*.dawg" {
  const data: ArrayBuffer;
  export default data;
}

declare module "*.array" {
  const data: ArrayBuffer;
  export default data;
}
