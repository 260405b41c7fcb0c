import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../i18n/i18n-util';
import { loadAllLocales } from '../../i18n/i18n-util.sync';
import { catalog, eventSamples } from './catalog';
import { machineGraph } from './graph';
import { chartTexts, untranslated } from './texts';

loadAllLocales();

describe('statechart viewer in the user’s language', () => {
  it.each(['ru', 'kk', 'en'] as const)('has a text for every state, event and guard of every machine in %s', (locale) => {
    const LL = i18nObject(locale);
    for (const entry of catalog) expect(untranslated(LL, entry.name, machineGraph(entry.machine)), entry.name).toEqual([]);
  });

  it('names the task machine with the words the product shows, keeping the keys for tests and links', () => {
    const LL = i18nObject('ru');
    const texts = chartTexts(LL, 'task');
    const entry = catalog.find((e) => e.name === 'task')!;
    const graph = texts.graph(machineGraph(entry.machine));
    expect(graph.nodes.find((n) => n.key === 'in_progress')?.label).toBe('В работе');
    expect(graph.edges.find((e) => e.eventType === 'task.start')?.label).toBe('Начать [исполнитель]');
    const start = eventSamples(entry).find((s) => s.type === 'task.start' && s.by === 'executor')!;
    expect(texts.sample(start)).toBe('Начать (исполнитель)');
    expect(chartTexts(i18nObject('en'), 'session').event('done: loadUser')).toBe('Done: loading the user');
  });
});
