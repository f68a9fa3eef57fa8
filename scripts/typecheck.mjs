// Type-checks every workspace with its own tsconfig (no build mode: the shared package is source-only), two at a time.
import { runParallel, TYPECHECK_PROJECTS, typecheckJob } from './lib/parallel.mjs';

const failed = await runParallel(TYPECHECK_PROJECTS.map(typecheckJob), 2);
process.exit(failed.length ? 1 : 0);
