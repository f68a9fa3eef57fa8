// autocannon in its own process, with a binary body read as bytes (its CLI's -i reads the file as text, which
// corrupts a JPEG inside multipart). Options as JSON in argv[2]; `bodyFile` becomes `body`. Prints the result.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
if (opts.bodyFile) {
  opts.body = readFileSync(opts.bodyFile);
  delete opts.bodyFile;
}
const result = await autocannon(opts);
process.stdout.write(JSON.stringify(result));
