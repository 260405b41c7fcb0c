import { describe, expect, it } from 'vitest';
import { indexed, multipart } from './client';

describe('a multipart body', () => {
  it('writes strings and files, repeats a list under its name, and leaves blank and missing parts out', () => {
    const photo = new File(['x'], 'a.png', { type: 'image/png' });
    const form = multipart({ title: 'Вода', floor: '  ', send_at: undefined, files1: [photo, photo], ...indexed('recipients', ['a', 'b']) }).bodySerializer();
    expect([...form.keys()]).toEqual(['title', 'files1', 'files1', 'recipients[0]', 'recipients[1]']);
    expect(form.get('title')).toBe('Вода');
    expect((form.get('files1') as File).name).toBe('a.png');
    expect(form.getAll('recipients[1]')).toEqual(['b']);
  });
});
