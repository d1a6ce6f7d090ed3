// Writes docs/openapi.json from the SDK's zod schemas: `npm run openapi`.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from './openapi/document.js';

const target = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
