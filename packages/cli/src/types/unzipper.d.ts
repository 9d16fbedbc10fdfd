/** The part of unzipper (exceljs's zip reader, 0.10) the import's limits use. */
declare module 'unzipper' {
  import type { Duplex } from 'node:stream';

  /** A streaming parser: each zip entry, in file order, as a readable stream of its bytes. */
  function Parse(options?: { forceStream?: boolean; verbose?: boolean }): Duplex;
  const unzipper: { Parse: typeof Parse };
  export default unzipper;
}
