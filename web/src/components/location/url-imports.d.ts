/** Vite's `?url` imports (the maplibre worker): the file's URL in the build. */
declare module '*?url' {
  const url: string;
  export default url;
}
