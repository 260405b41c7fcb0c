import ELK from 'elkjs/lib/elk.bundled.js';

/** ELK without a worker, for Node (`npm run charts`, tests); the page uses elk-worker.ts. */
export const bundledElk = new ELK();
