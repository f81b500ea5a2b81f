// The catalogue's two parts (split.ts): the same flat key -> text object as en-GB.json.
declare module '*/en-GB.json?strings=first-screen' {
  const strings: Record<string, string>;
  export default strings;
}
declare module '*/en-GB.json?strings=rest' {
  const strings: Record<string, string>;
  export default strings;
}
