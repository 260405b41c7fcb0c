import { createElement, type ReactNode, useEffect, useMemo, useState } from 'react';
import { type AnyMachineSnapshot, createActor, type StateValue } from 'xstate';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, ErrorState, Page, Row, Select, Skeleton, Stack } from '../../ui';
import { acceptedEvents, catalog, catalogEntry, type EventSample, eventSamples, steppable } from './catalog';
import { elkInWorker } from './elk-worker';
import { machineGraph } from './graph';
import { type ChartLayout, layoutChart } from './layout';
import * as s from './StatechartsPage.css';
import { type SvgElement, svgTree } from './svg';
import { chartTexts } from './texts';

/** The ids of the active leaf states: `task.in_progress`, or `a.b.c` for nested states. */
function activeLeaves(rootId: string, value: StateValue): string[] {
  if (typeof value === 'string') return [`${rootId}.${value}`];
  return Object.entries(value).flatMap(([key, child]) => (child ? activeLeaves(`${rootId}.${key}`, child) : []));
}

const camel = (name: string) => (/^(data|aria)-/.test(name) ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));

/** The drawing's element tree as React elements: the same tree `npm run charts` writes to files. */
function toReact(node: SvgElement | string, key: number): ReactNode {
  if (typeof node === 'string') return node;
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(node.attrs)) if (name !== 'xmlns') props[camel(name)] = value;
  return createElement(node.tag, props, ...node.children.map(toReact));
}

/** The running machine: a fresh actor per machine and per reset; its snapshot re-renders the page. */
function useStepper(name: string, generation: number) {
  const entry = catalogEntry(name) ?? catalog[0]!;
  // Kept with the entry it belongs to, so a snapshot of the previous machine is never shown.
  const [state, setState] = useState<{ entry: typeof entry; snapshot: AnyMachineSnapshot } | null>(null);
  const [actor, setActor] = useState<ReturnType<typeof createActor> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation ("start again") restarts the machine.
  useEffect(() => {
    const running = createActor(steppable(entry.machine), entry.input === undefined ? undefined : { input: entry.input as never });
    const subscription = running.subscribe((next) => setState({ entry, snapshot: next as AnyMachineSnapshot }));
    running.start();
    setActor(running);
    setState({ entry, snapshot: running.getSnapshot() as AnyMachineSnapshot });
    return () => {
      subscription.unsubscribe();
      running.stop();
    };
  }, [entry, generation]);
  return { entry, snapshot: state?.entry === entry ? state.snapshot : null, send: (event: EventSample) => actor?.send(event as never) };
}

/** `/statecharts`: any machine of `machines/` drawn from its own definition, and stepped by clicking its events. */
export function StatechartsPage() {
  const { LL } = useI18nContext();
  const t = LL.charts;
  const [name, setName] = useState(catalog[0]!.name);
  const [generation, setGeneration] = useState(0);
  const { entry, snapshot, send } = useStepper(name, generation);
  const graph = useMemo(() => machineGraph(entry.machine), [entry]);
  const samples = useMemo(() => eventSamples(entry, graph), [entry, graph]);
  const texts = useMemo(() => chartTexts(LL, entry.name), [LL, entry.name]);
  // Laid out in the user's language: the boxes are sized for the words they hold.
  const shown = useMemo(() => texts.graph(graph), [texts, graph]);
  const [layout, setLayout] = useState<{ name: string; layout: ChartLayout } | 'error' | null>(null);

  useEffect(() => {
    let live = true;
    layoutChart(shown, elkInWorker()).then(
      (laid) => live && setLayout({ name: entry.name, layout: laid }),
      () => live && setLayout('error'),
    );
    return () => {
      live = false;
    };
  }, [shown, entry.name]);

  const current = snapshot;
  const leaves = current ? activeLeaves(graph.id, current.value) : [];
  const currentLabel = leaves.map((id) => texts.state(id.slice(id.lastIndexOf('.') + 1))).join(', ');
  const buttons = current && current.status === 'active' ? acceptedEvents(current, samples) : [];

  let drawing: ReactNode;
  if (layout === 'error') drawing = <ErrorState text={t.layoutError()} />;
  else if (!layout || layout.name !== entry.name) drawing = <Skeleton lines={6} label={t.loading()} />;
  else {
    const tree = svgTree(layout.layout, {
      highlight: leaves[0] ?? null,
      labels: { title: t.drawing({ name: texts.machineName(entry.name) }), anyState: t.anyState() },
    });
    drawing = (
      <div data-testid="statechart" className={s.canvas}>
        {toReact(tree, 0)}
      </div>
    );
  }

  return (
    <Page title={t.title()} data-testid="statecharts-page">
      <Stack>
        <Select
          label={t.machine()}
          name="machine"
          data-testid="statechart-machine"
          value={entry.name}
          options={catalog.map((item) => ({ value: item.name, label: texts.machineName(item.name) }))}
          onChange={(e) => setName(e.target.value)}
        />
        <Card>{drawing}</Card>
        <Card>
          <Stack>
            <div>
              {t.current()}: <strong data-testid="statechart-current">{currentLabel}</strong>
              {current?.status === 'done' && <> ({t.final()})</>}
            </div>
            <div>{t.events()}</div>
            <Row wrap>
              {buttons.length === 0 && <span data-testid="statechart-no-events">{t.none()}</span>}
              {buttons.map((sample) => (
                <Button key={JSON.stringify(sample)} size="sm" variant="secondary" data-testid="statechart-event" onClick={() => send(sample)}>
                  {texts.sample(sample)}
                </Button>
              ))}
            </Row>
            <Row>
              <Button data-testid="statechart-reset" onClick={() => setGeneration((n) => n + 1)}>
                {t.reset()}
              </Button>
            </Row>
          </Stack>
        </Card>
      </Stack>
    </Page>
  );
}
