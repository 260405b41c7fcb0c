import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/server';

it("starts without a warning (the contract's answer-only media types need no parser)", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-start-'));
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  try {
    const { app } = await startServer({ ...loadConfig({ DATA_DIR: dataDir }, []), demo: false }, { logger: { level: 'info', stream }, inMemory: true });
    await app.ready();
    await app.close();
    expect(lines.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}, 180_000);
