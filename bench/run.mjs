// `npm run bench` starts here. The harness is TypeScript that imports the API's own modules
// (buildApp, the seeder, the token signer), so it runs under tsx like the API's CLIs do.
import { register } from 'tsx/esm/api';

register();
await import('./bench.ts');
