// Creates a fresh PGlite data directory (initdb) and exits: run by client.ts in a child process on first start.
// Plain JavaScript so it starts without the TypeScript loader. Usage: node pglite-initdb.mjs <directory>
import { PGlite } from '@electric-sql/pglite';

const location = process.argv[2];
if (!location) {
  console.error('usage: node pglite-initdb.mjs <directory>');
  process.exit(2);
}
const client = await PGlite.create(location);
await client.close();
