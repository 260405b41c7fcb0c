import { expect, it } from 'vitest';
import { runTask } from '#server/workers/pool';

it('runs the heavy steps on a worker thread, loading the TypeScript tasks there', async () => {
  expect(await runTask('threadId', null)).toBeGreaterThan(0);
  const svg = await runTask('sanitizeSvg', '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
  expect(svg).toContain('<rect width="1" height="1"');
}, 60_000);
