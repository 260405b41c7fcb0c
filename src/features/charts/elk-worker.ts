import type { ELK as Elk } from 'elkjs/lib/elk-api';
import ELK from 'elkjs/lib/elk-api';
import workerUrl from 'elkjs/lib/elk-worker.min.js?url';

let elk: Elk | undefined;

/**
 * ELK for the page: its 1.6 MB of layout code runs in a web worker fetched when the first chart is
 * drawn, so neither the app's script nor the statechart page's chunk carries it, and a large layout
 * does not freeze the page.
 */
export const elkInWorker = (): Elk => (elk ??= new ELK({ workerUrl }));
