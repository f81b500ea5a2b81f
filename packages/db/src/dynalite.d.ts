declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    ssl?: boolean;
    verbose?: boolean;
    debug?: boolean;
  }

  /** An http.Server speaking the DynamoDB protocol, backed by LevelDB (in memory without `path`). */
  function dynalite(options?: DynaliteOptions): Server;
  export default dynalite;
}
